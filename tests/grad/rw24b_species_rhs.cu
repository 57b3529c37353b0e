// cuad: fwd --fn species_rhs<5,6>
// cuad: --fn species_rhs<5,6> --wrt conc,temp,rxn,wdot,heat,dH
// cuad: fwd --fn species_rhs<5,6> --wrt temp,wdot,heat
// Net species production rates of a reduced gas-phase mechanism, one cell per thread, as the
// chemistry source term of a reacting-flow solver evaluates them before handing them to a
// stiff integrator. Reactions are an array of structs (modified Arrhenius parameters and
// non-integer global reaction orders), the rate of progress comes from a helper with two
// outputs (the rate constant through a pointer, the rate through a reference), a third-body
// enhancement applies above a temperature threshold, and productions are scattered into a
// local array indexed by the reaction's species. Forward mode gives the Jacobian-vector
// products used for sensitivity analysis (along concentrations, temperature and the
// Arrhenius parameters), reverse mode the adjoint; both are checked.
#include <cuda_runtime.h>

struct Reaction {
  float logA;  // ln of the pre-exponential factor
  float beta;  // temperature exponent
  float Ea;    // activation temperature (Ea / R), nondimensional
  float ordA;  // global order in the first reactant
  float ordB;  // global order in the second reactant
  int a, b, p; // species: first reactant, second reactant (-1: none), product
};

template <int NS>
struct CellState {
  float c[NS];
  float T;
  float logT;
};

__device__ __forceinline__ float arrhenius(const Reaction& r, float T, float logT) {
  return expf(r.logA + r.beta * logT - r.Ea / T);
}

// Forward rate constant through a pointer, rate of progress through a reference.
template <int NS>
__device__ void progress(const Reaction& r, const CellState<NS>& s, float* kf, float& q) {
  *kf = arrhenius(r, s.T, s.logT);
  const float ca = fmaxf(s.c[r.a], 1e-6f);
  float cb = 1.0f;
  if (r.b >= 0) cb = fmaxf(s.c[r.b], 1e-6f);
  q = *kf * powf(ca, r.ordA) * powf(cb, r.ordB);
}

template <int NS, int NR>
__global__ void species_rhs(const float* __restrict__ conc, const float* __restrict__ temp,
                            const Reaction* __restrict__ rxn, float* __restrict__ wdot,
                            float* __restrict__ heat, const float* __restrict__ dH, int ncell) {
  const int cell = blockIdx.x * blockDim.x + threadIdx.x;
  if (cell >= ncell) return;
  CellState<NS> s;
  float ctot = 0.0f;
#pragma unroll
  for (int k = 0; k < NS; ++k) {
    s.c[k] = conc[cell * NS + k];
    ctot += s.c[k];
  }
  s.T = temp[cell];
  s.logT = logf(s.T);

  float w[NS];
  for (int k = 0; k < NS; ++k) w[k] = 0.0f;
  float qdot = 0.0f;
  for (int j = 0; j < NR; ++j) {
    const Reaction r = rxn[j];
    float kf, q;
    progress<NS>(r, s, &kf, q);
    if (s.T > 1.25f) q *= 1.0f + 0.3f * ctot;  // third-body enhancement in hot cells
    w[r.a] -= q;
    if (r.b >= 0) w[r.b] -= q;
    w[r.p] += q;
    qdot += q * dH[j];
  }
  for (int k = 0; k < NS; ++k) wdot[cell * NS + k] = w[k];
  heat[cell] = qdot;
}
