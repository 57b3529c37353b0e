// cuad: --fn run_energy --wrt x,k
// Value-returning host function: a kernel reduces into device memory with atomicAdd, the
// result is copied back and returned; the scalar k's adjoint travels back to the host.
__global__ void energy_kernel(double* e, const double* x, double k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(e, 0.5 * k * x[i] * x[i] + sin(k * x[i]));
}

double run_energy(const double* x, double k, int n) {
  double* d_x = nullptr;
  double* d_e = nullptr;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_e, sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_e, 0, sizeof(double));
  energy_kernel<<<2, 64>>>(d_e, d_x, k, n);
  double e = 0.0;
  cudaMemcpy(&e, d_e, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_e);
  return e * e;
}
