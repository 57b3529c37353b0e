// cuad: --fn eigenvector_centrality --wrt w,x0,x
// cuad: fwd --fn eigenvector_centrality --wrt w,x0,x
// Eigenvector centrality by power iteration on a weighted graph, with the normalisation done
// on the host: every iteration multiplies on the device (CSR SpMV with a shift, y = A x + s x,
// to keep the iteration away from bipartite oscillation), copies y back into a host
// std::vector, normalises it in place on the host with its 2-norm and uploads it again as
// the next iterate. The final iterate is written to x; the function returns the Rayleigh
// quotient x^T A x of the last normalised iterate (a second SpMV, dotted on the host).
#include <cuda_runtime.h>
#include <cmath>
#include <vector>

__global__ void spmv_shift(int n, const int* __restrict__ rp, const int* __restrict__ col,
                           const double* __restrict__ w, double shift, const double* __restrict__ x,
                           double* __restrict__ y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double s = shift * x[i];
  for (int k = rp[i]; k < rp[i + 1]; ++k) s += w[k] * x[col[k]];
  y[i] = s;
}

double eigenvector_centrality(int n, const int* rp, const int* col, const double* w, const double* x0,
                              double shift, int iters, double* x) {
  const int nnz = rp[n];
  int *d_rp, *d_col;
  double *d_w, *d_x, *d_y;
  cudaMalloc(&d_rp, (n + 1) * sizeof(int));
  cudaMalloc(&d_col, nnz * sizeof(int));
  cudaMalloc(&d_w, nnz * sizeof(double));
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMemcpy(d_rp, rp, (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_col, col, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, w, nnz * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x0, n * sizeof(double), cudaMemcpyHostToDevice);
  std::vector<double> h(n);
  const int blocks = (n + 31) / 32;
  for (int it = 0; it < iters; ++it) {
    spmv_shift<<<blocks, 32>>>(n, d_rp, d_col, d_w, shift, d_x, d_y);
    cudaMemcpy(h.data(), d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
    double nrm = 0.0;
    for (int i = 0; i < n; ++i) nrm += h[i] * h[i];
    nrm = std::sqrt(nrm);
    for (int i = 0; i < n; ++i) h[i] /= nrm;
    cudaMemcpy(d_x, h.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  }
  spmv_shift<<<blocks, 32>>>(n, d_rp, d_col, d_w, 0.0, d_x, d_y);
  std::vector<double> ax(n);
  cudaMemcpy(ax.data(), d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  double rq = 0.0;
  for (int i = 0; i < n; ++i) {
    x[i] = h[i];
    rq += h[i] * ax[i];
  }
  cudaFree(d_rp);
  cudaFree(d_col);
  cudaFree(d_w);
  cudaFree(d_x);
  cudaFree(d_y);
  return rq;
}
