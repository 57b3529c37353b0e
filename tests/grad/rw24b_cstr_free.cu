// cuad: fwd --fn cstr_sweep
// cuad: --fn cstr_sweep --wrt prm,x0,xout,lse
// cuad: fwd --fn cstr_sweep --wrt x0,xout,lse
// Parameter sweep of a non-isothermal CSTR (Uppal-Ray nondimensional model with a cooling
// jacket), one reactor per thread. The reactor is a struct whose member function template
// takes Heun steps in place on its own state, calling a rate lambda that captures the
// reactor's parameters by reference; a member returns a reference to the temperature, which
// a proportional controller then adjusts in place (through the call, not a local reference) for some reactors (data-dependent branch).
// (Variant of rw24b_cstr_lambda with the step as a free function template.)
// The peak temperature is tracked smoothly with an online log-sum-exp (running max through
// fmax, rescaled sum). Forward mode: sensitivities of the final state and the smooth peak
// along parameter and initial-state perturbations; reverse mode: the gradient.
#include <cuda_runtime.h>
#include <cmath>

struct CstrParams {
  double Da;     // Damkoehler number
  double B;      // heat of reaction
  double beta;   // jacket heat transfer
  double gamma;  // activation energy
  double xcin;   // coolant inlet temperature
  double tau;    // coolant residence time
};

struct Cstr {
  double x[3];  // conversion, reactor temperature, coolant temperature

  __device__ double& temperature() { return x[1]; }
};

// Free-function form of the Heun step (the member template taking the lambda, and a
// template passing the lambda on to another template, are refused): the step calls the
// rate lambda itself and hands the rate to a plain right-hand-side helper.
__device__ void rhs(double r, const CstrParams& p, const double* s, double* ds) {
  ds[0] = -s[0] + r;
  ds[1] = -s[1] + p.B * r - p.beta * (s[1] - s[2]);
  ds[2] = (p.xcin - s[2]) / p.tau + 0.5 * p.beta * (s[1] - s[2]);
}

template <class Rate>
__device__ void heun(Cstr& c, const Rate& rate, const CstrParams& p, double h) {
  double k1[3], k2[3], tmp[3];
  rhs(rate(c.x[0], c.x[1]), p, c.x, k1);
  for (int i = 0; i < 3; ++i) tmp[i] = c.x[i] + h * k1[i];
  rhs(rate(tmp[0], tmp[1]), p, tmp, k2);
  for (int i = 0; i < 3; ++i) c.x[i] += 0.5 * h * (k1[i] + k2[i]);
}

__global__ void cstr_sweep(const CstrParams* __restrict__ prm, const double* __restrict__ x0,
                           const int* __restrict__ controlled, double* __restrict__ xout,
                           double* __restrict__ lse, int nsteps, double h, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const CstrParams p = prm[i];
  auto rate = [&](double conv, double temp) {
    return p.Da * (1.0 - conv) * exp(temp / (1.0 + temp / p.gamma));
  };
  Cstr r;
  for (int k = 0; k < 3; ++k) r.x[k] = x0[3 * i + k];
  double m = r.x[1], s = 1.0;  // online log-sum-exp of the temperature
  for (int step = 0; step < nsteps; ++step) {
    heun(r, rate, p, h);
    if (controlled[i]) r.temperature() -= 0.2 * h * (r.temperature() - 1.0);
    const double T = r.temperature();
    const double mn = fmax(m, T);
    s = s * exp(m - mn) + exp(T - mn);
    m = mn;
  }
  for (int k = 0; k < 3; ++k) xout[3 * i + k] = r.x[k];
  lse[i] = m + log(s);
}
