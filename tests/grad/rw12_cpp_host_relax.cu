// cuad: --fn relax_to_steady --wrt src,kappa,u
// A host driver that relaxes a nonlinear 1-D reaction-diffusion problem to its steady state:
// it stages the inputs with cudaMalloc/cudaMemcpy, launches a Jacobi kernel in a `while` loop
// until the largest change (computed on the host from a std::vector copy of the iterate) falls
// below a tolerance or an iteration cap is hit, ping-pongs the device buffers with std::swap,
// keeps the previous iterate in a second std::vector (copied element by element), copies the result
// back and returns the number of sweeps (an int, no derivative). The vector's storage is named
// by a pointer variable; the staging buffer it names is checkpointed on the host.
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>
#include <cuda_runtime.h>

__global__ void jacobi_sweep(const double* __restrict__ u, double* __restrict__ un,
                             const double* __restrict__ src, const double* __restrict__ kappa,
                             int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  // face conductivities k_{i-1/2}, k_{i+1/2}; zero Dirichlet values outside
  const double kl = 0.5 * (kappa[i] + (i > 0 ? kappa[i - 1] : kappa[i]));
  const double kr = 0.5 * (kappa[i] + (i < n - 1 ? kappa[i + 1] : kappa[i]));
  const double ul = i > 0 ? u[i - 1] : 0.0;
  const double ur = i < n - 1 ? u[i + 1] : 0.0;
  const double ui = u[i];
  un[i] = (src[i] + kl * ul + kr * ur) / (kl + kr + 1.0 + 0.1 * ui * ui);
}

int relax_to_steady(const double* src, const double* kappa, double* u, int n, double tol,
                    int max_iter) {
  const size_t bytes = n * sizeof(double);
  double *d_u, *d_un, *d_src, *d_k;
  cudaMalloc(&d_u, bytes);
  cudaMalloc(&d_un, bytes);
  cudaMalloc(&d_src, bytes);
  cudaMalloc(&d_k, bytes);
  cudaMemcpy(d_u, u, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_src, src, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_k, kappa, bytes, cudaMemcpyHostToDevice);
  std::vector<double> prev(n), cur(n);
  for (int i = 0; i < n; ++i) prev[i] = u[i];
  const int block = 32, grid = (n + block - 1) / block;
  int iter = 0;
  double change = 1e30;
  while (change > tol && iter < max_iter) {
    jacobi_sweep<<<grid, block>>>(d_u, d_un, d_src, d_k, n);
    std::swap(d_u, d_un);
    double* h_cur = cur.data();
    cudaMemcpy(h_cur, d_u, bytes, cudaMemcpyDeviceToHost);
    change = 0.0;
    for (int i = 0; i < n; ++i) change = std::max(change, std::fabs(cur[i] - prev[i]));
    for (int i = 0; i < n; ++i) prev[i] = cur[i];
    ++iter;
  }
  cudaMemcpy(u, d_u, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_un);
  cudaFree(d_src);
  cudaFree(d_k);
  return iter;
}
