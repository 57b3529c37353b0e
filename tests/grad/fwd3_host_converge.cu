// cuad: fwd --fn jacobi_solve
// A host-side iterative solver: Jacobi sweeps on a tridiagonal system launched in a loop,
// the residual reduced on the device with atomicAdd, copied back each sweep and tested on
// the host (`break` on convergence, a data-dependent trip count), pointer swap with a temp,
// a partial copy-back of the first half of the solution, and cudaMemset between sweeps.
#include <cuda_runtime.h>
__global__ void sweep(int n, const double* u, double* v, const double* b, double diag, double* res) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double l = i > 0 ? u[i - 1] : 0.0;
  double r = i + 1 < n ? u[i + 1] : 0.0;
  v[i] = (b[i] + l + r) / diag;
  double d = v[i] - u[i];
  atomicAdd(res, d * d);
}
double jacobi_solve(int n, const double* b, double diag, double tol, double* u_half) {
  double *u, *v, *db, *res;
  cudaMalloc(&u, n * sizeof(double));
  cudaMalloc(&v, n * sizeof(double));
  cudaMalloc(&db, n * sizeof(double));
  cudaMalloc(&res, sizeof(double));
  cudaMemcpy(db, b, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(u, 0, n * sizeof(double));
  double h_res = 0.0;
  int it = 0;
  for (it = 0; it < 200; ++it) {
    cudaMemset(res, 0, sizeof(double));
    sweep<<<(n + 31) / 32, 32>>>(n, u, v, db, diag, res);
    double* t = u;
    u = v;
    v = t;
    cudaMemcpy(&h_res, res, sizeof(double), cudaMemcpyDeviceToHost);
    if (h_res < tol * tol) break;
  }
  cudaMemcpy(u_half, u, (n / 2) * sizeof(double), cudaMemcpyDeviceToHost);
  double s = 0.0;
  for (int i = 0; i < n / 2; ++i) s += u_half[i];
  cudaFree(u);
  cudaFree(v);
  cudaFree(db);
  cudaFree(res);
  return s + 1e-3 * it;
}
