// cuad: fwd --fn implicit_run
// cuad: --fn implicit_run
// Backward-Euler time stepping of a stiff per-cell reaction y' = -k (y^3 - s) + c (mean of
// the neighbours - y), driven from the host: each step copies the state device-to-device
// into y_old, then the host repeats a Newton sweep kernel until the sum of squared Newton steps
// (cleared by cudaMemset, accumulated by atomicAdd, copied back by cudaMemcpy each sweep)
// drops below a tolerance, with an iteration cap: a host while loop whose trip count depends
// on the data (the residual carries derivatives but only decides when to stop). The neighbour
// coupling uses y_old (explicit), the reaction is implicit. The host function copies the
// final state back and returns its mean. 1: forward mode; 2: reverse mode.
#include <cuda_runtime.h>

__global__ void newton_sweep(int n, const double* y_old, double* y, const double* k, double s,
                             double c, double dt, double* res) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double nb = 0.5 * (y_old[(i + n - 1) % n] + y_old[(i + 1) % n]) - y_old[i];
  const double yi = y[i];
  const double F = yi - y_old[i] + dt * (k[i] * (yi * yi * yi - s) - c * nb);
  const double J = 1.0 + 3.0 * dt * k[i] * yi * yi;
  const double step = F / J;
  y[i] = yi - step;
  atomicAdd(res, step * step);
}

double implicit_run(int n, const double* y0, const double* k, double s, double c, double dt,
                    int steps, double* y_final) {
  const size_t bytes = n * sizeof(double);
  double *d_y, *d_old, *d_k, *d_res;
  cudaMalloc(&d_y, bytes);
  cudaMalloc(&d_old, bytes);
  cudaMalloc(&d_k, bytes);
  cudaMalloc(&d_res, sizeof(double));
  cudaMemcpy(d_y, y0, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_k, k, bytes, cudaMemcpyHostToDevice);
  for (int t = 0; t < steps; ++t) {
    cudaMemcpy(d_old, d_y, bytes, cudaMemcpyDeviceToDevice);
    double res = 1.0;
    int it = 0;
    while (res > 1e-26 && it < 40) {
      cudaMemset(d_res, 0, sizeof(double));
      newton_sweep<<<(n + 31) / 32, 32>>>(n, d_old, d_y, d_k, s, c, dt, d_res);
      cudaMemcpy(&res, d_res, sizeof(double), cudaMemcpyDeviceToHost);
      ++it;
    }
  }
  cudaMemcpy(y_final, d_y, bytes, cudaMemcpyDeviceToHost);
  double mean = 0.0;
  for (int i = 0; i < n; ++i) mean += y_final[i];
  cudaFree(d_y);
  cudaFree(d_old);
  cudaFree(d_k);
  cudaFree(d_res);
  return mean / n;
}
