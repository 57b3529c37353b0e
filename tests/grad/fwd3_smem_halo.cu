// cuad: fwd --fn stencil_energy
// A 1-D stencil on a __shared__ tile with a halo of 2 on each side (loaded by the first and
// last threads, clamped at the ends), a nonlinear flux, then a block reduction: warp
// shuffles (__shfl_down_sync) into a __shared__ array of warp sums, a second shuffle
// stage in warp 0 and one atomicAdd per block; and a per-element atomicAdd into bins.
#define TB 64
#define HALO 2
__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}
__global__ void stencil_energy(int n, const float* u, float c, float* v, float* energy, float* bins) {
  __shared__ float tile[TB + 2 * HALO];
  __shared__ float partial[TB / 32];
  int i = blockIdx.x * TB + threadIdx.x;
  int li = threadIdx.x + HALO;
  tile[li] = u[min(i, n - 1)];
  if (threadIdx.x < HALO) {
    tile[li - HALO] = u[max(i - HALO, 0)];
    tile[li + TB] = u[min(i + TB, n - 1)];
  }
  __syncthreads();
  float lap = -tile[li - 2] + 16.f * tile[li - 1] - 30.f * tile[li] + 16.f * tile[li + 1] - tile[li + 2];
  float flux = c * lap / 12.f + 0.1f * tile[li] * tile[li] * (tile[li + 1] - tile[li - 1]);
  float e = 0.f;
  if (i < n) {
    v[i] = tile[li] + flux;
    e = v[i] * v[i];
    atomicAdd(&bins[i % 4], flux * tile[li]);
  }
  e = warp_sum(e);
  if ((threadIdx.x & 31) == 0) partial[threadIdx.x / 32] = e;
  __syncthreads();
  if (threadIdx.x < 32) {
    float s = threadIdx.x < TB / 32 ? partial[threadIdx.x] : 0.f;
    s = warp_sum(s);
    if (threadIdx.x == 0) atomicAdd(energy, s);
  }
}
