// cuad: --fn accumulate_twice --wrt out,in
// Host function with cudaMemset and a device-to-device copy between two launches.
__global__ void add_sq(double* acc, const double* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) acc[i] += a[i] * a[i];
}

void accumulate_twice(double* out, const double* in, int n) {
  double *a = nullptr, *b = nullptr;
  size_t bytes = n * sizeof(double);
  cudaMalloc(&a, bytes);
  cudaMalloc(&b, bytes);
  cudaMemcpy(a, in, bytes, cudaMemcpyHostToDevice);
  cudaMemset(b, 0, bytes);
  add_sq<<<2, 64>>>(b, a, n);
  cudaMemcpy(a, b, bytes, cudaMemcpyDeviceToDevice);
  add_sq<<<2, 64>>>(b, a, n);
  cudaMemcpy(out, b, bytes, cudaMemcpyDeviceToHost);
  cudaFree(a);
  cudaFree(b);
}
