// cuad: --fn rod_cn_steps --wrt u,kappa,dt
// cuad: fwd --fn rod_cn_steps
// Batched 1-D implicit diffusion, one rod per thread (a column model per grid cell, as
// climate and heat-transfer codes run them): Crank-Nicolson steps with face conductivities
// from harmonic means and insulated ends, the tridiagonal system solved by the Thomas
// algorithm (forward sweep into local cp/dp arrays, back substitution written straight over
// the rod's state in global memory), time stepping by `while (time < t_end)` whose last step
// is shortened with fmin to land on t_end.
#define NX 10

__global__ void rod_cn_steps(int nrod, double* u, const double* kappa, double dt, double t_end,
                             double dx) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= nrod) return;
  double kf[NX + 1];  // face conductivities; the end faces are insulated
  kf[0] = kf[NX] = 0.0;
  for (int i = 1; i < NX; ++i) {
    const double ka = kappa[r * NX + i - 1], kb = kappa[r * NX + i];
    kf[i] = 2.0 * ka * kb / (ka + kb);
  }
  const double idx2 = 1.0 / (dx * dx);
  double time = 0.0;
  while (time < t_end - 1e-12) {
    const double h = fmin(dt, t_end - time);
    const double lam = 0.5 * h * idx2;
    double uo[NX];
#pragma unroll
    for (int i = 0; i < NX; ++i) uo[i] = u[r * NX + i];
    double cp[NX], dp[NX];
    for (int i = 0; i < NX; ++i) {
      const double lo = -lam * kf[i], up = -lam * kf[i + 1];
      const double di = 1.0 + lam * (kf[i] + kf[i + 1]);
      double rhs = (1.0 - lam * (kf[i] + kf[i + 1])) * uo[i];
      if (i > 0) rhs += lam * kf[i] * uo[i - 1];
      if (i < NX - 1) rhs += lam * kf[i + 1] * uo[i + 1];
      if (i == 0) {
        cp[i] = up / di;
        dp[i] = rhs / di;
      } else {
        const double den = di - lo * cp[i - 1];
        cp[i] = up / den;
        dp[i] = (rhs - lo * dp[i - 1]) / den;
      }
    }
    u[r * NX + NX - 1] = dp[NX - 1];
    for (int i = NX - 2; i >= 0; --i) u[r * NX + i] = dp[i] - cp[i] * u[r * NX + i + 1];
    time += h;
  }
}
