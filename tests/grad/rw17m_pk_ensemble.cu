// cuad: --fn pk_ensemble --wrt params,dose,conc
// cuad: fwd --fn pk_ensemble --wrt params,dose,conc
// Population pharmacokinetics: one virtual subject per thread, a two-compartment model with
// first-order oral absorption (gut -> central <-> peripheral, linear clearance), integrated
// with classic RK4 at a fixed step, a repeated dosing regimen (a bolus into the gut every
// `dose_every` steps, the dose scaled by body weight allometry through pow), per-subject
// parameters in an array of structs (log-normal individual effects applied with exp),
// the state in a local array updated by a __device__ right-hand side writing through a
// pointer, concentrations sampled at fixed steps into a subject-major output. 48 RK4 steps
// tape about 580 values per thread: the gradient is built with a larger tape capacity.
#include <cuda_runtime.h>

#define NCMT 3

struct PKParams {
  double ka;   // absorption rate (1/h)
  double cl;   // clearance (L/h)
  double v1;   // central volume (L)
  double q;    // inter-compartmental clearance (L/h)
  double v2;   // peripheral volume (L)
  double wt;   // body weight (kg), a covariate
  double eta;  // individual random effect on clearance
};

__device__ __forceinline__ void pk_rhs(const double* y, const PKParams& p, double cl_i,
                                       double* dydt) {
  const double k10 = cl_i / p.v1, k12 = p.q / p.v1, k21 = p.q / p.v2;
  dydt[0] = -p.ka * y[0];
  dydt[1] = p.ka * y[0] - (k10 + k12) * y[1] + k21 * y[2];
  dydt[2] = k12 * y[1] - k21 * y[2];
}

__global__ void pk_ensemble(const PKParams* __restrict__ params, double dose,
                            double* __restrict__ conc, double h, int nsteps, int dose_every,
                            int sample_every, int nsub) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= nsub) return;
  const PKParams p = params[s];
  const double cl_i = p.cl * pow(p.wt / 70.0, 0.75) * exp(p.eta);
  const double amt = dose * pow(p.wt / 70.0, 1.0);
  const int nobs = nsteps / sample_every;
  double y[NCMT] = {0.0, 0.0, 0.0};
  double k1[NCMT], k2[NCMT], k3[NCMT], k4[NCMT], tmp[NCMT];
  for (int step = 0; step < nsteps; ++step) {
    if (step % dose_every == 0) y[0] += amt;
    pk_rhs(y, p, cl_i, k1);
#pragma unroll
    for (int c = 0; c < NCMT; ++c) tmp[c] = y[c] + 0.5 * h * k1[c];
    pk_rhs(tmp, p, cl_i, k2);
#pragma unroll
    for (int c = 0; c < NCMT; ++c) tmp[c] = y[c] + 0.5 * h * k2[c];
    pk_rhs(tmp, p, cl_i, k3);
#pragma unroll
    for (int c = 0; c < NCMT; ++c) tmp[c] = y[c] + h * k3[c];
    pk_rhs(tmp, p, cl_i, k4);
#pragma unroll
    for (int c = 0; c < NCMT; ++c) y[c] += h / 6.0 * (k1[c] + 2.0 * k2[c] + 2.0 * k3[c] + k4[c]);
    if ((step + 1) % sample_every == 0) conc[s * nobs + (step + 1) / sample_every - 1] = y[1] / p.v1;
  }
}
