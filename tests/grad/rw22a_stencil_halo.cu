// cuad: --fn stencil_1d --wrt out,in,coef
// cuad: fwd --fn stencil_1d
// The 1-D stencil of NVIDIA's "CUDA C/C++ Basics" introduction, with RADIUS 3 and a halo in
// shared memory: `__shared__ float temp[BLOCK_SIZE + 2 * RADIUS]`, `lindex = threadIdx.x +
// RADIUS`, the first RADIUS threads of the block also load the left halo and the right halo
// (`temp[lindex + BLOCK_SIZE]`), one barrier, then 2 * RADIUS + 1 weighted taps. Made general:
// n is not a multiple of the block (the last block is partial and threads past n return after
// the barrier), halo cells outside the array are zero, the taps are a learnable array, and the
// result goes through a smooth nonlinearity. Float, 1-D blocks.
#define RADIUS 3
#define BLOCK_SIZE 32

__global__ void stencil_1d(const float* in, float* out, const float* coef, int n) {
  __shared__ float temp[BLOCK_SIZE + 2 * RADIUS];
  int gindex = threadIdx.x + blockIdx.x * blockDim.x;
  int lindex = threadIdx.x + RADIUS;

  // Read input elements into shared memory
  temp[lindex] = gindex < n ? in[gindex] : 0.0f;
  if (threadIdx.x < RADIUS) {
    int left = gindex - RADIUS;
    int right = gindex + BLOCK_SIZE;
    temp[lindex - RADIUS] = left >= 0 ? in[left] : 0.0f;
    temp[lindex + BLOCK_SIZE] = right < n ? in[right] : 0.0f;
  }

  // Synchronize (ensure all the data is available)
  __syncthreads();
  if (gindex >= n) return;

  // Apply the stencil
  float result = 0.0f;
  for (int offset = -RADIUS; offset <= RADIUS; offset++)
    result += coef[offset + RADIUS] * temp[lindex + offset];

  // Store the result
  out[gindex] = result / (1.0f + 0.25f * result * result);
}
