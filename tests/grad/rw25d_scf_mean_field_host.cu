// cuad: --fn scf_magnetisation --wrt J,h,m
// Self-consistent mean-field magnetisation of an Ising model on an L x L periodic lattice with
// bond couplings and a site-dependent field, driven from the host like an SCF loop: each
// iteration launches a kernel computing m_new_i = tanh(beta (sum_j J_ij m_j + h_i)), copies
// the result back, mixes it linearly into the current magnetisation on the host (std::vector),
// measures the largest change with std::max and stops when it drops below a tolerance or
// after max_iter iterations; the mixed field is uploaded again for the next iteration. The
// mean-field free energy density is summed with std::accumulate and returned; the converged
// magnetisation overwrites the caller's initial guess.
#include <cuda_runtime.h>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

__global__ void mf_update(int L, const double* __restrict__ m, const double* __restrict__ Jx,
                          const double* __restrict__ Jy, const double* __restrict__ h, double beta,
                          double* __restrict__ m_new) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= L) return;
  const int i = y * L + x;
  const int e = y * L + (x + 1) % L, w = y * L + (x + L - 1) % L;
  const int nn = ((y + 1) % L) * L + x, s = ((y + L - 1) % L) * L + x;
  const double field = Jx[i] * m[e] + Jx[w] * m[w] + Jy[i] * m[nn] + Jy[s] * m[s] + h[i];
  m_new[i] = tanh(beta * field);
}

__global__ void mf_free_energy(int L, const double* __restrict__ m, const double* __restrict__ Jx,
                               const double* __restrict__ Jy, const double* __restrict__ h, double beta,
                               double* __restrict__ f) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= L) return;
  const int i = y * L + x;
  const int e = y * L + (x + 1) % L, w = y * L + (x + L - 1) % L;
  const int nn = ((y + 1) % L) * L + x, s = ((y + L - 1) % L) * L + x;
  const double field = Jx[i] * m[e] + Jx[w] * m[w] + Jy[i] * m[nn] + Jy[s] * m[s] + h[i];
  // f_i = 1/2 m_i (local exchange field) - log(2 cosh(beta field)) / beta
  f[i] = 0.5 * m[i] * (field - h[i]) - log(2.0 * cosh(beta * field)) / beta;
}

double scf_magnetisation(int L, const double* J, const double* h, double beta, double mix, double tol,
                         int max_iter, double* m) {
  const int n = L * L;
  std::vector<double> m_host(m, m + n), m_new(n);
  double *d_m, *d_jx, *d_jy, *d_h, *d_new;
  cudaMalloc(&d_m, n * sizeof(double));
  cudaMalloc(&d_jx, n * sizeof(double));
  cudaMalloc(&d_jy, n * sizeof(double));
  cudaMalloc(&d_h, n * sizeof(double));
  cudaMalloc(&d_new, n * sizeof(double));
  cudaMemcpy(d_jx, J, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_jy, J + n, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_h, h, n * sizeof(double), cudaMemcpyHostToDevice);
  const dim3 grid((L + 31) / 32, L);
  for (int it = 0; it < max_iter; ++it) {
    cudaMemcpy(d_m, m_host.data(), n * sizeof(double), cudaMemcpyHostToDevice);
    mf_update<<<grid, 32>>>(L, d_m, d_jx, d_jy, d_h, beta, d_new);
    cudaMemcpy(m_new.data(), d_new, n * sizeof(double), cudaMemcpyDeviceToHost);
    double change = 0.0;
    for (int i = 0; i < n; ++i) {
      const double mi = (1.0 - mix) * m_host[i] + mix * m_new[i];
      change = std::max(change, std::fabs(mi - m_host[i]));
      m_host[i] = mi;
    }
    if (change < tol) break;
  }
  cudaMemcpy(d_m, m_host.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  mf_free_energy<<<grid, 32>>>(L, d_m, d_jx, d_jy, d_h, beta, d_new);
  cudaMemcpy(m_new.data(), d_new, n * sizeof(double), cudaMemcpyDeviceToHost);
  const double F = std::accumulate(m_new.begin(), m_new.end(), 0.0) / n;
  for (int i = 0; i < n; ++i) m[i] = m_host[i];
  cudaFree(d_m);
  cudaFree(d_jx);
  cudaFree(d_jy);
  cudaFree(d_h);
  cudaFree(d_new);
  return F;
}
