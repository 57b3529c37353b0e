// 1-D three-point stencils: a plain global-memory version and one staging a halo in
// shared memory. Boundary cells copy their input.
#define RADIUS 1
#define BLOCK 256

__global__ void stencil3_global(const double *in, double *out, double wl, double wc, double wr,
                                int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (i == 0 || i == n - 1) {
    out[i] = in[i];
  } else {
    out[i] = wl * in[i - 1] + wc * in[i] + wr * in[i + 1];
  }
}

__global__ void stencil_shared(const float *in, float *out, int n) {
  __shared__ float tile[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  tile[l] = (g < n) ? in[g] : 0.0f;
  if (threadIdx.x < RADIUS) {
    int left = g - RADIUS;
    int right = g + BLOCK;
    tile[l - RADIUS] = left >= 0 ? in[left] : 0.0f;
    tile[l + BLOCK] = right < n ? in[right] : 0.0f;
  }
  __syncthreads();
  if (g < n) {
    float acc = 0.0f;
    for (int off = -RADIUS; off <= RADIUS; ++off)
      acc += tile[l + off];
    out[g] = acc / (2 * RADIUS + 1);
  }
}

void launch_stencils(const float *d_in, float *d_out, int n) {
  int blocks = (n + BLOCK - 1) / BLOCK;
  stencil_shared<<<blocks, BLOCK>>>(d_in, d_out, n);
}
