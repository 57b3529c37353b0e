// cuad: fwd --fn axpby_map<float,4>
// cuad: fwd --fn axpby_map<double,2>
// cuad: fwd --fn run_norm<float>
// A kernel template (type and unroll factor) with a lambda applied per element, a
// device function template and a local array of K accumulators.
// 3: a host function template launching a kernel template with dynamic shared memory sized
// `cols * sizeof(T)`, a raw `extern __shared__ unsigned char` buffer viewed as `T*`, a warp
// reduction in a function template and a static __shared__ array sized by a template value.
template <class T>
__device__ T softplus(T v) {
  return v > T(20) ? v : log(T(1) + exp(v));
}
template <class T, int K>
__global__ void axpby_map(int n, T a, const T* x, T b, const T* y, T* out) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * K;
  auto f = [a, b](T u, T v) { return a * softplus(u) + b * v * v; };
  T acc[K];
#pragma unroll
  for (int k = 0; k < K; ++k) acc[k] = base + k < n ? f(x[base + k], y[base + k]) : T(0);
#pragma unroll
  for (int k = 0; k < K; ++k)
    if (base + k < n) out[base + k] = acc[k] * (k + 1);
}
template __global__ void axpby_map<float, 4>(int, float, const float*, float, const float*, float*);
template __global__ void axpby_map<double, 2>(int, double, const double*, double, const double*, double*);

template <typename T>
__device__ T warp_sum(T v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
template <typename T, int BS>
__global__ void norm_rows(int cols, const T* x, T* y) {
  extern __shared__ unsigned char smem_raw[];
  T* sm = reinterpret_cast<T*>(smem_raw);
  const T* xr = x + blockIdx.x * cols;
  T s = 0;
  for (int j = threadIdx.x; j < cols; j += BS) { T v = xr[j]; sm[j] = v; s += v * v; }
  s = warp_sum(s);
  __shared__ T part[BS / 32];
  if (threadIdx.x % 32 == 0) part[threadIdx.x / 32] = s;
  __syncthreads();
  T tot = 0;
  for (int w = 0; w < BS / 32; ++w) tot += part[w];
  T inv = T(1) / sqrt(tot + T(1e-3));
  for (int j = threadIdx.x; j < cols; j += BS) y[blockIdx.x * cols + j] = sm[j] * inv;
}
template <typename T>
void run_norm(int rows, int cols, const T* hx, T* hy) {
  T *dx, *dy;
  cudaMalloc(&dx, rows * cols * sizeof(T));
  cudaMalloc(&dy, rows * cols * sizeof(T));
  cudaMemcpy(dx, hx, rows * cols * sizeof(T), cudaMemcpyHostToDevice);
  norm_rows<T, 64><<<rows, 64, cols * sizeof(T)>>>(cols, dx, dy);
  cudaMemcpy(hy, dy, rows * cols * sizeof(T), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
}
template void run_norm<float>(int, int, const float*, float*);
