// cuad: --fn bin_pool --wrt x,out
// cuad: fwd --fn bin_pool --wrt x,out
// Written for cuad in the style of segmented pooling kernels (graph / point-cloud codes): one
// `extern __shared__` region laid out by hand as a float tile, an int tile starting at
// `(int*)&s_val[blockDim.x]` and a second float tile at a byte offset from the region's start
// (`(float*)(smem_raw + bytes)`), a segment id per element, a per-block pass over the tile
// with `continue`s for other segments, and a `__launch_bounds__(64)` kernel.
__global__ void __launch_bounds__(64)
    bin_pool(const float* __restrict__ x, const int* __restrict__ seg, float* __restrict__ out,
             int n) {
  extern __shared__ char smem_raw[];
  float* s_val = reinterpret_cast<float*>(smem_raw);
  int* s_seg = (int*)&s_val[blockDim.x];
  float* s_w = (float*)(smem_raw + blockDim.x * (sizeof(float) + sizeof(int)));
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool live = i < n;
  const float v = live ? x[i] : 0.f;
  s_val[threadIdx.x] = v;
  s_seg[threadIdx.x] = live ? seg[i] : -1;
  s_w[threadIdx.x] = __expf(0.5f * v);
  __syncthreads();
  if (!live) return;
  float num = 0.f, den = 0.f;
  for (int j = 0; j < blockDim.x; ++j) {
    if (s_seg[j] != s_seg[threadIdx.x]) continue;
    num += s_w[j] * s_val[j];
    den += s_w[j];
  }
  out[i] = num / den;
}
