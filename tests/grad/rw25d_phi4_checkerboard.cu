// cuad: --fn relax_and_measure --wrt spins,Jx,Jy,r,u
// Soft-spin (phi^4) lattice model on an L x L periodic square lattice with bond-dependent
// continuous couplings:
//   E = -sum_<ij> J_ij s_i s_j + sum_i (r s_i^2 + u s_i^4).
// The host routine relaxes the field by overdamped gradient descent with a checkerboard
// (red-black) schedule: each sweep launches the update of the even sites, then of the odd
// sites, each in place (a site reads its four neighbours of the other colour); afterwards an
// energy kernel writes one energy per site (its two forward bonds and the on-site term) and
// the host copies them back and sums them. The relaxed spins are copied back over the input.
#include <cuda_runtime.h>
#include <vector>

__device__ __forceinline__ int site(int x, int y, int L) { return y * L + x; }

__global__ void relax_color(double* s, const double* __restrict__ Jx, const double* __restrict__ Jy,
                            double r, double u, double dt, int L, int color) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= L || y >= L || ((x + y) & 1) != color) return;
  const int xp = (x + 1) % L, xm = (x + L - 1) % L;
  const int yp = (y + 1) % L, ym = (y + L - 1) % L;
  const int i = site(x, y, L);
  // bond (x,y)-(x+1,y) has coupling Jx[site(x,y)], (x,y)-(x,y+1) has Jy[site(x,y)]
  const double h = Jx[i] * s[site(xp, y, L)] + Jx[site(xm, y, L)] * s[site(xm, y, L)] +
                   Jy[i] * s[site(x, yp, L)] + Jy[site(x, ym, L)] * s[site(x, ym, L)];
  const double si = s[i];
  const double grad = -h + 2.0 * r * si + 4.0 * u * si * si * si;
  s[i] = si - dt * grad;
}

__global__ void site_energy(const double* __restrict__ s, const double* __restrict__ Jx,
                            const double* __restrict__ Jy, double r, double u, int L, double* __restrict__ e) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= L || y >= L) return;
  const int i = site(x, y, L);
  const double si = s[i];
  const double s2 = si * si;
  e[i] = -Jx[i] * si * s[site((x + 1) % L, y, L)] - Jy[i] * si * s[site(x, (y + 1) % L, L)] + r * s2 + u * s2 * s2;
}

double relax_and_measure(double* spins, const double* Jx, const double* Jy, double r, double u, double dt, int L,
                         int n_sweeps) {
  const int n = L * L;
  double *d_s, *d_jx, *d_jy, *d_e;
  cudaMalloc(&d_s, n * sizeof(double));
  cudaMalloc(&d_jx, n * sizeof(double));
  cudaMalloc(&d_jy, n * sizeof(double));
  cudaMalloc(&d_e, n * sizeof(double));
  cudaMemcpy(d_s, spins, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_jx, Jx, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_jy, Jy, n * sizeof(double), cudaMemcpyHostToDevice);
  const dim3 block(8, 8);
  const dim3 grid((L + block.x - 1) / block.x, (L + block.y - 1) / block.y);
  for (int sweep = 0; sweep < n_sweeps; ++sweep) {
    for (int color = 0; color < 2; ++color) relax_color<<<grid, block>>>(d_s, d_jx, d_jy, r, u, dt, L, color);
  }
  site_energy<<<grid, block>>>(d_s, d_jx, d_jy, r, u, L, d_e);
  std::vector<double> e(n);
  cudaMemcpy(e.data(), d_e, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(spins, d_s, n * sizeof(double), cudaMemcpyDeviceToHost);
  double total = 0.0;
  for (int i = 0; i < n; ++i) total += e[i];
  cudaFree(d_s);
  cudaFree(d_jx);
  cudaFree(d_jy);
  cudaFree(d_e);
  return total;
}
