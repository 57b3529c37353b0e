// cuad: --fn heston_cf_calls --wrt m,strikes,call
// Semi-closed-form Heston calls for calibration, written with cuComplex as many pricers are:
// the characteristic function in the "little trap" form (complex sqrt and log written as
// __device__ helpers on cuDoubleComplex through cuCabs and atan2, since cuComplex has none),
// the Lewis (2001) single-integral formula integrated with a fixed trapezoid rule in a loop,
// one thread per strike, the model a struct by value. The gradient w.r.t. the model is the
// calibration Jacobian (vega-like sensitivities to v0, kappa, theta, xi, rho).
#include <cuComplex.h>
#include <cuda_runtime.h>

#define N_QUAD 96
#define U_MAX 48.0

struct HestonModel {
  double v0, kappa, theta, xi, rho;
};

typedef cuDoubleComplex cplx;

__device__ __forceinline__ cplx c_scale(double a, cplx z) { return make_cuDoubleComplex(a * z.x, a * z.y); }

__device__ __forceinline__ cplx c_exp(cplx z) {
  const double e = exp(cuCreal(z));
  return make_cuDoubleComplex(e * cos(cuCimag(z)), e * sin(cuCimag(z)));
}

__device__ __forceinline__ cplx c_log(cplx z) {
  return make_cuDoubleComplex(log(cuCabs(z)), atan2(cuCimag(z), cuCreal(z)));
}

__device__ __forceinline__ cplx c_sqrt(cplx z) {
  const double r = sqrt(cuCabs(z));
  const double th = 0.5 * atan2(cuCimag(z), cuCreal(z));
  return make_cuDoubleComplex(r * cos(th), r * sin(th));
}

// E[exp(i u X_T)] for X_T = log(S_T / F), under Heston, little-trap form.
__device__ cplx heston_cf(cplx u, const HestonModel& m, double T) {
  const cplx iu = make_cuDoubleComplex(-cuCimag(u), cuCreal(u));
  const cplx beta = cuCsub(make_cuDoubleComplex(m.kappa, 0.0), c_scale(m.rho * m.xi, iu));
  const cplx d = c_sqrt(cuCadd(cuCmul(beta, beta),
                               c_scale(m.xi * m.xi, cuCadd(iu, cuCmul(u, u)))));
  const cplx bmd = cuCsub(beta, d);
  const cplx g = cuCdiv(bmd, cuCadd(beta, d));
  const cplx edt = c_exp(c_scale(-T, d));
  const cplx one = make_cuDoubleComplex(1.0, 0.0);
  const cplx one_m_ge = cuCsub(one, cuCmul(g, edt));
  const cplx C = c_scale(m.kappa * m.theta / (m.xi * m.xi),
                         cuCsub(c_scale(T, bmd), c_scale(2.0, c_log(cuCdiv(one_m_ge, cuCsub(one, g))))));
  const cplx D = c_scale(1.0 / (m.xi * m.xi), cuCdiv(cuCmul(bmd, cuCsub(one, edt)), one_m_ge));
  return c_exp(cuCadd(C, c_scale(m.v0, D)));
}

__global__ void heston_cf_calls(HestonModel m, double fwd, double df, double T,
                                const double* __restrict__ strikes, int n_k,
                                double* __restrict__ call) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n_k) return;
  const double K = strikes[j];
  const double k = log(fwd / K);
  const double h = U_MAX / N_QUAD;
  double integral = 0.0;
  for (int n = 0; n < N_QUAD; ++n) {
    const double u = (n + 0.5) * h;  // midpoint rule
    const cplx phi = heston_cf(make_cuDoubleComplex(u, -0.5), m, T);
    const cplx e = make_cuDoubleComplex(cos(u * k), sin(u * k));
    integral += cuCreal(cuCmul(e, phi)) / (u * u + 0.25) * h;
  }
  call[j] = df * (fwd - sqrt(fwd * K) / M_PI * integral);
}
