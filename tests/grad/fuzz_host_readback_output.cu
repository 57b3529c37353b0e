// cuad: --fn run --wrt x0,out0
// cuad: fwd --fn run
// From scripts/fuzz (seed 268, minimised): `k` reads back the output it stores
// (`out0[i] += ...`), so its gradient recomputes that store into the primal buffer `d_out0`.
// The host reverse restores `d_out0` from its checkpoint before the gradient and, since the
// reverse of the previous step's `k2` still reads it, must restore it again after.
__global__ void k(int n, const double* x0, double* out0) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out0[i] = x0[i] * x0[i];
    out0[i] += 0.5 * sin(out0[i]);
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
