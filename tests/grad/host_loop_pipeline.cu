// cuad: --fn pipeline --wrt x,a
// A host loop of two launches (one accumulating in place, one squaring in place) and a
// device-to-device copy feeding the next iteration, then the result copied to a malloc-ed
// host buffer and reduced by a host helper function.
__global__ void axpy(double* y, const double* x, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += a * x[i];
}
__global__ void square(double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = y[i] * y[i];
}
double host_norm(const double* v, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) s += v[i] * v[i];
  return sqrt(s);
}
double pipeline(const double* x, double a, int n, int iters) {
  double *dx, *dy;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpy(dx, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(dy, 0, n * sizeof(double));
  for (int k = 0; k < iters; ++k) {
    axpy<<<(n + 127) / 128, 128>>>(dy, dx, a, n);
    square<<<(n + 127) / 128, 128>>>(dy, n);
    cudaMemcpy(dx, dy, n * sizeof(double), cudaMemcpyDeviceToDevice);
  }
  double* h = (double*)malloc(n * sizeof(double));
  cudaMemcpy(h, dy, n * sizeof(double), cudaMemcpyDeviceToHost);
  double r = host_norm(h, n);
  free(h);
  cudaFree(dx);
  cudaFree(dy);
  return r;
}
