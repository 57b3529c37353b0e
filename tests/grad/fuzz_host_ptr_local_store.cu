// cuad: --fn run --wrt x0,out0
// cuad: fwd --fn run
// From scripts/fuzz (seed 275, minimised): `k` stores its output through a pointer local
// (`double* p = out0 + i`). The host gradient must see that the launch overwrites `d_out0`,
// which the reverse of the previous step's `k2` reads, and checkpoint it (it missed stores
// through pointer locals, and the reverse read the last step's values).
__global__ void k(int n, const double* x0, double* out0) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double* p = out0 + i;
    p[0] = x0[i] * x0[i];
  }
}
__global__ void k2(int n, const double* u, double* v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = 0.5 * v[i] + 0.5 * tanh(u[(i + 1) % n]);
}
void run(int n, const double* x0, double* out0, int steps) {
  double *d_x0, *d_out0;
  cudaMalloc(&d_x0, n * sizeof(double));
  cudaMalloc(&d_out0, n * sizeof(double));
  cudaMemcpy(d_x0, x0, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_out0, 0, n * sizeof(double));
  for (int s = 0; s < steps; ++s) {
    k<<<(n + 31) / 32, 32>>>(n, d_x0, d_out0);
    k2<<<(n + 31) / 32, 32>>>(n, d_out0, d_x0);
  }
  cudaMemcpy(out0, d_out0, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x0);
  cudaFree(d_out0);
}
