// cuad: --fn reduce0 --wrt g_odata,g_idata
// cuad: --fn reduce1 --wrt g_odata,g_idata
// cuad: --fn reduce4<64> --wrt g_odata,g_idata
// Three of Mark Harris' "Optimizing Parallel Reduction in CUDA" kernels, in double, each
// staging a smooth map of its input (x * sin(x) + x) in `extern __shared__ double sdata[]`
// sized at launch and writing one partial sum per block:
// - reduce0, interleaved addressing with divergent branching: `if (tid % (2 * s) == 0)`;
// - reduce1, interleaved addressing with a strided index: `index = 2 * s * tid`;
// - reduce4, sequential addressing with the first add during the global load, a `for (s =
//   blockDim.x / 2; s > 32; s >>= 1)` tree, then the last warp unrolled on a `volatile`
//   pointer in a `template <unsigned int blockSize>` helper (in its race-free form for
//   independent thread scheduling: every step reads, `__syncwarp()`, writes, `__syncwarp()`).
// n is not a multiple of the block; out-of-range elements load zero.
__device__ __forceinline__ double f(double x) { return x * sin(x) + x; }

__global__ void reduce0(const double* g_idata, double* g_odata, unsigned int n) {
  extern __shared__ double sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? f(g_idata[i]) : 0.0;
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

__global__ void reduce1(const double* g_idata, double* g_odata, unsigned int n) {
  extern __shared__ double sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? f(g_idata[i]) : 0.0;
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    unsigned int index = 2 * s * tid;
    if (index < blockDim.x) sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

template <unsigned int blockSize>
__device__ void warpReduce(volatile double* sdata, unsigned int tid) {
  double v;
  if (blockSize >= 64) { v = sdata[tid + 32]; __syncwarp(); sdata[tid] += v; __syncwarp(); }
  if (blockSize >= 32) { v = sdata[tid + 16]; __syncwarp(); sdata[tid] += v; __syncwarp(); }
  if (blockSize >= 16) { v = sdata[tid + 8]; __syncwarp(); sdata[tid] += v; __syncwarp(); }
  if (blockSize >= 8) { v = sdata[tid + 4]; __syncwarp(); sdata[tid] += v; __syncwarp(); }
  if (blockSize >= 4) { v = sdata[tid + 2]; __syncwarp(); sdata[tid] += v; __syncwarp(); }
  if (blockSize >= 2) { v = sdata[tid + 1]; __syncwarp(); sdata[tid] += v; __syncwarp(); }
}

template <unsigned int blockSize>
__global__ void reduce4(const double* g_idata, double* g_odata, unsigned int n) {
  extern __shared__ double sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  double mySum = (i < n) ? f(g_idata[i]) : 0.0;
  if (i + blockSize < n) mySum += f(g_idata[i + blockSize]);
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) warpReduce<blockSize>(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
