// cuad: fwd --fn dopri_batch
// cuad: --fn dopri_batch --wrt y0,kin,yend
// cuad: fwd --fn dopri_batch --wrt kin,yend
// Adaptive Dormand-Prince 5(4) integration of a two-step Arrhenius mechanism
// (A -> B -> C with heat release), one reactor per thread, to a fixed end time. The Butcher
// tableau is in __constant__ arrays of a namespace; the stages live in a
// local 2-D array; the error norm is an RMS over the species; the step controller
// rejects and retries (a data-dependent while loop with an accept branch), scales the step
// by 0.9 * err^-0.2 clamped with fmin/fmax, and clamps the last step to the end time.
// "Differentiate the algorithm": the tangent/adjoint go through the step-size control too,
// which is what finite differences of the whole integrator see.
#include <cuda_runtime.h>
#include <cmath>

#define NV 3

namespace DP5 {
__constant__ double a[7][6] = {
      {0, 0, 0, 0, 0, 0},
      {0.2, 0, 0, 0, 0, 0},
      {3.0 / 40, 9.0 / 40, 0, 0, 0, 0},
      {44.0 / 45, -56.0 / 15, 32.0 / 9, 0, 0, 0},
      {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729, 0, 0},
      {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656, 0},
      {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84}};
__constant__ double b[7] = {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84, 0};
__constant__ double e[7] = {71.0 / 57600, 0, -71.0 / 16695, 71.0 / 1920, -17253.0 / 339200, 22.0 / 525, -1.0 / 40};
}  // namespace DP5

struct Kinetics {
  double lnA1, Ta1, lnA2, Ta2, q;
  __device__ void rhs(const double* y, double* f) const {
    const double T = y[2];
    const double r1 = exp(lnA1 - Ta1 / T) * y[0];
    const double r2 = exp(lnA2 - Ta2 / T) * y[1];
    f[0] = -r1;
    f[1] = r1 - r2;
    f[2] = q * (r1 + 0.5 * r2) - 0.1 * (T - 1.0);
  }
};

// One trial step: writes the 5th-order solution and returns the RMS error estimate.
__device__ double dp_step(const Kinetics& m, const double* y, double h, double* ynew, double atol) {
  double k[7][NV], tmp[NV];
  m.rhs(y, k[0]);
  for (int s = 1; s < 7; ++s) {
    for (int i = 0; i < NV; ++i) {
      double acc = y[i];
      for (int j = 0; j < s; ++j) acc += h * DP5::a[s][j] * k[j][i];
      tmp[i] = acc;
    }
    m.rhs(tmp, k[s]);
  }
  double err2 = 0.0;
  for (int i = 0; i < NV; ++i) {
    double yi = y[i], ei = 0.0;
    for (int s = 0; s < 7; ++s) {
      yi += h * DP5::b[s] * k[s][i];
      ei += h * DP5::e[s] * k[s][i];
    }
    ynew[i] = yi;
    const double sc = atol + 1e-3 * fabs(yi);
    err2 += (ei / sc) * (ei / sc);
  }
  return sqrt(err2 / NV);
}

__global__ void dopri_batch(const double* __restrict__ y0, const double* __restrict__ kin,
                            double* __restrict__ yend, int* __restrict__ nacc, double tend,
                            double h0, double atol, int n) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n) return;
  Kinetics m;
  m.lnA1 = kin[5 * r];
  m.Ta1 = kin[5 * r + 1];
  m.lnA2 = kin[5 * r + 2];
  m.Ta2 = kin[5 * r + 3];
  m.q = kin[5 * r + 4];
  double y[NV], yn[NV];
  for (int i = 0; i < NV; ++i) y[i] = y0[NV * r + i];
  double t = 0.0, h = h0;
  int accepted = 0, tries = 0;
  while (t < tend && tries < 200) {
    ++tries;
    h = fmin(h, tend - t);
    const double err = dp_step(m, y, h, yn, atol);
    if (err <= 1.0) {
      t += h;
      for (int i = 0; i < NV; ++i) y[i] = yn[i];
      ++accepted;
    }
    h *= fmin(4.0, fmax(0.2, 0.9 * pow(err, -0.2)));
  }
  for (int i = 0; i < NV; ++i) yend[NV * r + i] = y[i];
  nacc[r] = accepted;
}
