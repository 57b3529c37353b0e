// cuad: --fn bratu_smooth --wrt u,f,r,lambda,omega
// A multigrid smoother for the 2-D Bratu problem -lap(u) + lambda * exp(u) = f on the
// caller's grid: red-black nonlinear Gauss-Seidel with one pointwise Newton step and
// over-relaxation, updating the caller's `u` in place (boundary values stay fixed), then the
// residual the coarse-grid correction would restrict, written into the caller's `r`. 8x8
// thread blocks, the usual 2-D guard `if (x < nx && y < ny)` plus the interior test, and the
// colour picked by `(x + y) & 1`.
#include <cuda_runtime.h>

#define BX 8
#define BY 8

__global__ void rb_newton_sweep(double* u, const double* f, double lambda, double omega,
                                double h2, int nx, int ny, int color) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < nx && y < ny) {
    if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) return;
    if (((x + y) & 1) != color) return;
    const int c = y * nx + x;
    const double uc = u[c];
    const double nb = u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx];
    const double e = lambda * exp(uc);
    const double res = h2 * f[c] + nb - 4.0 * uc - h2 * e;
    const double diag = 4.0 + h2 * e;
    u[c] = uc + omega * res / diag;
  }
}

__global__ void bratu_residual(const double* u, const double* f, double* r, double lambda,
                               double inv_h2, int nx, int ny) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny) return;
  const int c = y * nx + x;
  if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) {
    r[c] = 0.0;
    return;
  }
  const double lap = (u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] - 4.0 * u[c]) * inv_h2;
  r[c] = f[c] + lap - lambda * exp(u[c]);
}

void bratu_smooth(double* u, const double* f, double* r, double lambda, double omega, int nx,
                  int ny, int sweeps) {
  const double h = 1.0 / (nx - 1);
  const double h2 = h * h;
  dim3 block(BX, BY);
  dim3 grid((nx + BX - 1) / BX, (ny + BY - 1) / BY);
  for (int s = 0; s < sweeps; ++s) {
    rb_newton_sweep<<<grid, block>>>(u, f, lambda, omega, h2, nx, ny, 0);
    rb_newton_sweep<<<grid, block>>>(u, f, lambda, omega, h2, nx, ny, 1);
  }
  bratu_residual<<<grid, block>>>(u, f, r, lambda, 1.0 / h2, nx, ny);
}
