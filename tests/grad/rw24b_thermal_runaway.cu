// cuad: fwd --fn runaway_metric
// cuad: --fn runaway_metric --wrt T0,mech
// cuad: fwd --fn runaway_metric --wrt mech
// Thermal-runaway screening of a batch of initial temperatures with a one-step global
// reaction (Frank-Kamenetskii style): the mechanism (ln A, activation temperature, heat of
// reaction, heat loss coefficient) is uploaded to __constant__ memory with
// cudaMemcpyToSymbol, a kernel advances temperature and conversion of every cell with
// explicit sub-steps (Arrhenius rate through expf of a float copy, rate limited by the
// remaining fuel), the final temperatures come back into a std::vector, and the host returns
// a smooth maximum (log-sum-exp) of the temperature rise. Forward mode gives the
// sensitivity of the metric to the kinetic parameters in one pass (value and tangent),
// reverse mode the gradient.
#include <cuda_runtime.h>
#include <cmath>
#include <vector>

__constant__ double c_mech[4];  // lnA, Ta, Q, hloss

__device__ void reaction_rates(double T, double X, double Tamb, double* dT, double* dX) {
  const double k = exp(c_mech[0] - c_mech[1] / T);
  const double r = k * (1.0 - X);
  *dX = r;
  *dT = c_mech[2] * r - c_mech[3] * (T - Tamb);
}

__global__ void advance_cells(double* T, double* X, int ncell, double Tamb, double dt, int nsub) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= ncell) return;
  double t = T[i], x = X[i];
  const double h = dt / nsub;
  for (int s = 0; s < nsub; ++s) {
    double dTdt, dXdt;
    reaction_rates(t, x, Tamb, &dTdt, &dXdt);
    // midpoint step
    double tm = t + 0.5 * h * dTdt, xm = x + 0.5 * h * dXdt;
    reaction_rates(tm, xm, Tamb, &dTdt, &dXdt);
    t += h * dTdt;
    x += h * dXdt;
  }
  T[i] = t;
  X[i] = x;
}

double runaway_metric(const double* T0, const double* mech, int ncell, double Tamb, double dt,
                      int nsub, double beta) {
  double *d_T, *d_X;
  cudaMalloc(&d_T, ncell * sizeof(double));
  cudaMalloc(&d_X, ncell * sizeof(double));
  cudaMemcpy(d_T, T0, ncell * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_X, 0, ncell * sizeof(double));
  cudaMemcpyToSymbol(c_mech, mech, 4 * sizeof(double));
  advance_cells<<<(ncell + 31) / 32, 32>>>(d_T, d_X, ncell, Tamb, dt, nsub);
  std::vector<double> T(ncell);
  cudaMemcpy(T.data(), d_T, ncell * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_T);
  cudaFree(d_X);
  double m = T[0] - T0[0];
  for (int i = 1; i < ncell; ++i) m = fmax(m, T[i] - T0[i]);
  double s = 0.0;
  for (int i = 0; i < ncell; ++i) s += exp(beta * (T[i] - T0[i] - m));
  return m + log(s) / beta;
}
