// cuad: --fn fhn_heun --wrt u,w,ws,D,a,eps
// Heun's method (explicit RK2) for a FitzHugh-Nagumo cable, a periodic 1-D ring of excitable
// cells, in the style of small cardiac / neuron simulators: the caller owns the state (`u`
// voltage, `w` recovery) and the stage buffers (`RK2Work`, a struct of device pointers handed
// by pointer) and the host function advances the state in place. The right-hand side is a
// grid-stride kernel with periodic neighbours; the predictor and the corrector are
// `if (i >= n) return;` kernels.
#include <cuda_runtime.h>

struct RK2Work {
  double* k1u;
  double* k1w;
  double* k2u;
  double* k2w;
  double* pu;  // predictor state
  double* pw;
};

__global__ void fhn_rhs(const double* u, const double* w, double* du, double* dw, double D,
                        double a, double eps, double b, double inv_dx2, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const int l = (i + n - 1) % n;
    const int r = (i + 1) % n;
    const double ui = u[i];
    const double lap = (u[l] - 2.0 * ui + u[r]) * inv_dx2;
    du[i] = D * lap + ui * (ui - a) * (1.0 - ui) - w[i];
    dw[i] = eps * (ui - b * w[i]);
  }
}

__global__ void predictor(const double* u, const double* w, const double* k1u,
                          const double* k1w, double* pu, double* pw, double dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  pu[i] = u[i] + dt * k1u[i];
  pw[i] = w[i] + dt * k1w[i];
}

__global__ void corrector(double* u, double* w, const double* k1u, const double* k1w,
                          const double* k2u, const double* k2w, double dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  u[i] += 0.5 * dt * (k1u[i] + k2u[i]);
  w[i] += 0.5 * dt * (k1w[i] + k2w[i]);
}

void fhn_heun(double* u, double* w, RK2Work* ws, double D, double a, double eps, double dx,
              double dt, int n, int steps) {
  const int threads = 64;
  const int blocks = (n + threads - 1) / threads;
  const double b = 0.5;
  const double inv_dx2 = 1.0 / (dx * dx);
  for (int s = 0; s < steps; ++s) {
    fhn_rhs<<<2, threads>>>(u, w, ws->k1u, ws->k1w, D, a, eps, b, inv_dx2, n);
    predictor<<<blocks, threads>>>(u, w, ws->k1u, ws->k1w, ws->pu, ws->pw, dt, n);
    fhn_rhs<<<2, threads>>>(ws->pu, ws->pw, ws->k2u, ws->k2w, D, a, eps, b, inv_dx2, n);
    corrector<<<blocks, threads>>>(u, w, ws->k1u, ws->k1w, ws->k2u, ws->k2w, dt, n);
  }
}
