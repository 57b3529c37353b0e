// cuad: --fn taubin_smooth --wrt w,pos,lambda,mu
// cuad: fwd --fn taubin_smooth --wrt w,pos,lambda,mu
// Taubin (lambda|mu) smoothing of a point set / mesh on a weighted graph, as in geometry
// processing: each iteration applies the normalised graph Laplacian
//   x_i <- x_i + s * (sum_j w_ij x_j / sum_j w_ij - x_i)
// with s alternating between lambda > 0 (shrink) and mu < 0 (inflate). The inverse weighted
// degree is computed once by its own kernel; the iterations are a host loop ping-ponging two
// device buffers with std::swap. The smoothed positions overwrite the caller's array.
#include <cuda_runtime.h>
#include <utility>

struct Vec3 {
  double x, y, z;
};

__global__ void inv_weighted_degree(int n, const int* __restrict__ indptr, const double* __restrict__ w,
                                    double* __restrict__ inv_deg) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double s = 0.0;
  for (int e = indptr[i]; e < indptr[i + 1]; ++e) s += w[e];
  inv_deg[i] = 1.0 / s;
}

__global__ void laplacian_step(int n, const int* __restrict__ indptr, const int* __restrict__ nbr,
                               const double* __restrict__ w, const double* __restrict__ inv_deg,
                               const Vec3* __restrict__ src, Vec3* __restrict__ dst, double step) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double ax = 0.0, ay = 0.0, az = 0.0;
  for (int e = indptr[i]; e < indptr[i + 1]; ++e) {
    const Vec3 q = src[nbr[e]];
    ax += w[e] * q.x;
    ay += w[e] * q.y;
    az += w[e] * q.z;
  }
  const Vec3 p = src[i];
  const double id = inv_deg[i];
  Vec3 r;
  r.x = p.x + step * (ax * id - p.x);
  r.y = p.y + step * (ay * id - p.y);
  r.z = p.z + step * (az * id - p.z);
  dst[i] = r;
}

void taubin_smooth(int n, int nnz, const int* indptr, const int* nbr, const double* w, double* pos,
                   double lambda, double mu, int iters) {
  int *d_indptr, *d_nbr;
  double *d_w, *d_inv;
  Vec3 *d_a, *d_b;
  cudaMalloc(&d_indptr, (n + 1) * sizeof(int));
  cudaMalloc(&d_nbr, nnz * sizeof(int));
  cudaMalloc(&d_w, nnz * sizeof(double));
  cudaMalloc(&d_inv, n * sizeof(double));
  cudaMalloc(&d_a, n * sizeof(Vec3));
  cudaMalloc(&d_b, n * sizeof(Vec3));
  cudaMemcpy(d_indptr, indptr, (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_nbr, nbr, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, w, nnz * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_a, pos, n * sizeof(Vec3), cudaMemcpyHostToDevice);
  const int threads = 32, blocks = (n + threads - 1) / threads;
  inv_weighted_degree<<<blocks, threads>>>(n, d_indptr, d_w, d_inv);
  for (int it = 0; it < iters; ++it) {
    const double s = (it % 2 == 0) ? lambda : mu;
    laplacian_step<<<blocks, threads>>>(n, d_indptr, d_nbr, d_w, d_inv, d_a, d_b, s);
    std::swap(d_a, d_b);
  }
  cudaMemcpy(pos, d_a, n * sizeof(Vec3), cudaMemcpyDeviceToHost);
  cudaFree(d_indptr);
  cudaFree(d_nbr);
  cudaFree(d_w);
  cudaFree(d_inv);
  cudaFree(d_a);
  cudaFree(d_b);
}
