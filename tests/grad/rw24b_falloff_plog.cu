// cuad: fwd --fn falloff_rates
// cuad: --fn falloff_rates --wrt T,P,conc,kf
// cuad: fwd --fn eval_rate
// Pressure-dependent rate constants as a combustion library evaluates them, one (cell,
// reaction) pair per thread: a switch on the reaction type picks plain Arrhenius, Lindemann
// or Troe falloff (F_cent from three exponentials, log10f of the reduced pressure, the
// broadening factor through powf(10, ...)), or PLOG (a data-dependent search through the
// pressure table, then log-linear interpolation of two Arrhenius expressions). The
// third-body concentration is a weighted sum over species with per-reaction efficiencies.
// The rate evaluation is a __host__ __device__ function returning a value, differentiated
// on its own too. Forward mode: d k / d(T, P, composition) along a perturbation, as a
// sensitivity study does; reverse mode: the adjoint.
#include <cuda_runtime.h>
#include <cmath>

#define NSP 6
#define NPLOG 4

enum RxnType { ARRHENIUS = 0, LINDEMANN = 1, TROE = 2, PLOG = 3 };

struct Arr {
  float lnA, b, Ta;
};

struct RxnData {
  int type;
  Arr hi;             // high-pressure limit (or the only expression)
  Arr lo;             // low-pressure limit
  float troe[4];      // alpha, T3, T1, T2
  float eff[NSP];     // third-body efficiencies
  float plogP[NPLOG]; // ascending pressures
  Arr plog[NPLOG];
};

__host__ __device__ inline float arrh(const Arr& a, float T, float lnT) {
  return expf(a.lnA + a.b * lnT - a.Ta / T);
}

__host__ __device__ float eval_rate(const RxnData& r, float T, float P, const float* c) {
  const float lnT = logf(T);
  switch (r.type) {
    case ARRHENIUS:
      return arrh(r.hi, T, lnT);
    case LINDEMANN:
    case TROE: {
      float M = 0.0f;
      for (int k = 0; k < NSP; ++k) M += r.eff[k] * c[k];
      const float k0 = arrh(r.lo, T, lnT), kinf = arrh(r.hi, T, lnT);
      const float Pr = k0 * M / kinf;
      float F = 1.0f;
      if (r.type == TROE) {
        const float a = r.troe[0];
        const float Fcent = (1.0f - a) * expf(-T / r.troe[1]) + a * expf(-T / r.troe[2]) +
                            expf(-r.troe[3] / T);
        const float lF = log10f(Fcent);
        const float cc = -0.4f - 0.67f * lF, nn = 0.75f - 1.27f * lF;
        const float lp = log10f(Pr) + cc;
        const float f1 = lp / (nn - 0.14f * lp);
        F = powf(10.0f, lF / (1.0f + f1 * f1));
      }
      return kinf * (Pr / (1.0f + Pr)) * F;
    }
    default: {  // PLOG
      const float lnP = logf(P);
      int i = 0;
      while (i < NPLOG - 2 && P > r.plogP[i + 1]) ++i;
      const float l0 = logf(arrh(r.plog[i], T, lnT)), l1 = logf(arrh(r.plog[i + 1], T, lnT));
      const float p0 = logf(r.plogP[i]), p1 = logf(r.plogP[i + 1]);
      return expf(l0 + (l1 - l0) * (lnP - p0) / (p1 - p0));
    }
  }
}

__global__ void falloff_rates(const RxnData* __restrict__ rxn, const float* __restrict__ T,
                              const float* __restrict__ P, const float* __restrict__ conc,
                              float* __restrict__ kf, int ncell, int nrxn) {
  const int j = threadIdx.x;            // reaction
  const int cell = blockIdx.x;          // one block per cell
  if (j >= nrxn || cell >= ncell) return;
  float c[NSP];
  for (int k = 0; k < NSP; ++k) c[k] = __ldg(conc + cell * NSP + k);
  kf[cell * nrxn + j] = eval_rate(rxn[j], T[cell], P[cell], c);
}
