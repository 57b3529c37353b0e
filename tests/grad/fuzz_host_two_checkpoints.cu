// cuad: --fn run --wrt y,x0
// cuad: fwd --fn run
// From scripts/fuzz (a host-function seed, minimised): in a loop of steps, launch `k` writes
// two buffers the reverse pass needs (`d_y` in place, `d_out0`), so both are copied aside onto
// one tape before it; the reverse must pop them in the opposite order (it restored each
// buffer from the other's copy).
__global__ void k(int n, double* y, double* out0, const double* x0) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] *= 0.8 + 0.2 * sin(x0[i]);
    out0[i] = y[i];
  }
}
__global__ void k2(int n, const double* u, double* v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = 0.5 * v[i] + 0.5 * sin(u[i]);
}
void run(int n, double* y, const double* x0, int steps) {
  double *d_x0, *d_y, *d_out0;
  cudaMalloc(&d_x0, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMalloc(&d_out0, n * sizeof(double));
  cudaMemcpy(d_x0, x0, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_y, y, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int s = 0; s < steps; ++s) {
    k<<<(n + 31) / 32, 32>>>(n, d_y, d_out0, d_x0);
    k2<<<(n + 31) / 32, 32>>>(n, d_out0, d_x0);
  }
  cudaMemcpy(y, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x0);
  cudaFree(d_y);
  cudaFree(d_out0);
}
