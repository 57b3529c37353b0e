// cuad: --fn rows<double,4> --wrt y,x,w,bias
// cuad: --fn run_rows --wrt y,x,w
// A kernel template (a type and a value parameter, the value in `__launch_bounds__` and in a
// local array's length) calling a device function template, with `__ldg` loads. The first
// output names the instance to differentiate; the second differentiates a host function
// that launches the instance.
template <typename T>
__device__ __forceinline__ T softplus(T v) {
  return log(T(1) + exp(v));
}

template <typename T, int K>
__global__ void __launch_bounds__(64) rows(T* y, const T* x, const T* __restrict__ w, T bias, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n) return;
  T part[K];
  for (int k = 0; k < K; ++k) part[k] = __ldg(&w[r * K + k]) * x[(r + k) % n];
  T acc = bias;
  for (int k = 0; k < K; ++k) acc += part[k] * part[k];
  y[r] = softplus(acc);
}

void run_rows(double* y, const double* x, const double* w, int n) {
  double *d_y, *d_x, *d_w;
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_w, 4 * n * sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, w, 4 * n * sizeof(double), cudaMemcpyHostToDevice);
  rows<double, 4><<<(n + 31) / 32, 32>>>(d_y, d_x, d_w, 0.25, n);
  cudaMemcpy(y, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_y);
  cudaFree(d_x);
  cudaFree(d_w);
}
