// cuad: --fn seir_ensemble --wrt y0,beta,prm,y_end,peak
// cuad: fwd --fn seir_ensemble --wrt y0,beta,prm,y_end,peak
// An ensemble of SEIR epidemic models integrated with classical RK4, one member per thread,
// as an epidemiology group ports its C code: the right-hand side is a __device__ function
// writing dydt through an array out-parameter, the incidence is nonlinear
// (beta S I^alpha / N), each member has its own transmission rate and initial state, the
// shared rates (incubation, recovery, waning) and the step are in a struct by value, the RK4
// stages live in local arrays, and the peak of the infectious compartment is tracked with fmax.
#include <cuda_runtime.h>

#define NEQ 4  // S, E, I, R

struct SeirParams {
  double sigma;  // 1 / incubation period
  double gamma;  // 1 / infectious period
  double omega;  // waning immunity R -> S
  double alpha;  // incidence exponent
  double dt;
  int nsteps;
};

__device__ void seir_rhs(const double* y, double beta, const SeirParams& p, double* dydt) {
  const double N = y[0] + y[1] + y[2] + y[3];
  const double inf = beta * y[0] * pow(y[2], p.alpha) / N;
  dydt[0] = -inf + p.omega * y[3];
  dydt[1] = inf - p.sigma * y[1];
  dydt[2] = p.sigma * y[1] - p.gamma * y[2];
  dydt[3] = p.gamma * y[2] - p.omega * y[3];
}

__device__ void axpy_state(const double* y, double a, const double* k, double* out) {
  for (int q = 0; q < NEQ; ++q) out[q] = y[q] + a * k[q];
}

__global__ void seir_ensemble(const double* __restrict__ y0, const double* __restrict__ beta,
                              SeirParams prm, double* __restrict__ y_end,
                              double* __restrict__ peak, int members) {
  const int m = blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= members) return;
  double y[NEQ], k1[NEQ], k2[NEQ], k3[NEQ], k4[NEQ], tmp[NEQ];
  for (int q = 0; q < NEQ; ++q) y[q] = y0[m * NEQ + q];
  const double b = beta[m], h = prm.dt;
  double ipk = y[2];
  for (int s = 0; s < prm.nsteps; ++s) {
    seir_rhs(y, b, prm, k1);
    axpy_state(y, 0.5 * h, k1, tmp);
    seir_rhs(tmp, b, prm, k2);
    axpy_state(y, 0.5 * h, k2, tmp);
    seir_rhs(tmp, b, prm, k3);
    axpy_state(y, h, k3, tmp);
    seir_rhs(tmp, b, prm, k4);
    for (int q = 0; q < NEQ; ++q) y[q] += h / 6.0 * (k1[q] + 2.0 * k2[q] + 2.0 * k3[q] + k4[q]);
    ipk = fmax(ipk, y[2]);
  }
  for (int q = 0; q < NEQ; ++q) y_end[m * NEQ + q] = y[q];
  peak[m] = ipk;
}
