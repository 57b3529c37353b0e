// cuad: --fn eval_eos --wrt e_old,delvc,p_old,q_old,comp,comp_half,qq_old,ql_old,vnew,p_new,e_new,q_new,ss
// cuad: fwd --fn eval_eos --wrt e_old,delvc,p_old,q_old,comp,comp_half,qq_old,ql_old,vnew,p_new,e_new,q_new,ss
// The equation-of-state step of a Lagrangian shock hydrodynamics proxy app (after LULESH's
// EvalEOSForElems / CalcEnergyForElems / CalcPressureForElems / CalcSoundSpeedForElems), one
// element per thread: a predictor-corrector energy update with the half-step pressure,
// artificial viscosity from the sound speed of the half step, and the clamps and cut-offs the
// Fortran original has (|p| < p_cut -> 0, e floor at emin, p floor at pmin, v > eosvmax ->
// p = 0, a tiny sound speed floor). Parameters in a struct by value; pressure helper with
// reference out-parameters.
#include <cuda_runtime.h>

struct EosParams {
  double p_cut, e_cut, q_cut, emin, pmin, eosvmax, rho0;
};

__device__ void calc_pressure(double& p_new, double& bvc, double& pbvc, double e_old,
                              double compression, double vnewc, const EosParams& prm) {
  const double c1s = 2.0 / 3.0;
  bvc = c1s * (compression + 1.0);
  pbvc = c1s;
  p_new = bvc * e_old;
  if (fabs(p_new) < prm.p_cut) p_new = 0.0;
  if (vnewc >= prm.eosvmax) p_new = 0.0;  // impossible condition here
  if (p_new < prm.pmin) p_new = prm.pmin;
}

__device__ double sound_speed_sq(double pbvc, double e, double v, double bvc, double p, double rho0) {
  return (pbvc * e + v * v * bvc * p) / rho0;
}

__global__ void eval_eos(const double* e_old, const double* delvc, const double* p_old,
                         const double* q_old, const double* comp, const double* comp_half,
                         const double* qq_old, const double* ql_old, const double* work,
                         const double* vnew, double* p_new, double* e_new, double* q_new,
                         double* ss, EosParams prm, int numElem) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= numElem) return;
  double en = e_old[i] - 0.5 * delvc[i] * (p_old[i] + q_old[i]) + 0.5 * work[i];
  if (en < prm.emin) en = prm.emin;

  double pHalf, bvc, pbvc;
  calc_pressure(pHalf, bvc, pbvc, en, comp_half[i], vnew[i], prm);
  const double vhalf = 1.0 / (1.0 + comp_half[i]);
  double qn;
  if (delvc[i] > 0.0) {
    qn = 0.0;  // expansion: no viscosity
  } else {
    double ssc = sound_speed_sq(pbvc, en, vhalf, bvc, pHalf, prm.rho0);
    if (ssc <= 0.1111111e-36) {
      ssc = 0.3333333e-18;
    } else {
      ssc = sqrt(ssc);
    }
    qn = ssc * ql_old[i] + qq_old[i];
  }
  en = en + 0.5 * delvc[i] * (3.0 * (p_old[i] + q_old[i]) - 4.0 * (pHalf + qn));
  en += 0.5 * work[i];
  if (fabs(en) < prm.e_cut) en = 0.0;
  if (en < prm.emin) en = prm.emin;

  double pn;
  calc_pressure(pn, bvc, pbvc, en, comp[i], vnew[i], prm);
  const double sixth = 1.0 / 6.0;
  double q_tilde;
  if (delvc[i] > 0.0) {
    q_tilde = 0.0;
  } else {
    double ssc = sound_speed_sq(pbvc, en, vnew[i], bvc, pn, prm.rho0);
    ssc = ssc <= 0.1111111e-36 ? 0.3333333e-18 : sqrt(ssc);
    q_tilde = ssc * ql_old[i] + qq_old[i];
  }
  en = en - (7.0 * (p_old[i] + q_old[i]) - 8.0 * (pHalf + qn) + (pn + q_tilde)) * delvc[i] * sixth;
  if (fabs(en) < prm.e_cut) en = 0.0;
  if (en < prm.emin) en = prm.emin;

  calc_pressure(pn, bvc, pbvc, en, comp[i], vnew[i], prm);
  if (delvc[i] <= 0.0) {
    double ssc = sound_speed_sq(pbvc, en, vnew[i], bvc, pn, prm.rho0);
    ssc = ssc <= 0.1111111e-36 ? 0.3333333e-18 : sqrt(ssc);
    qn = ssc * ql_old[i] + qq_old[i];
    if (fabs(qn) < prm.q_cut) qn = 0.0;
  }
  double s2 = sound_speed_sq(pbvc, en, vnew[i], bvc, pn, prm.rho0);
  p_new[i] = pn;
  e_new[i] = en;
  q_new[i] = qn;
  ss[i] = s2 <= 0.1111111e-36 ? 0.3333333e-18 : sqrt(s2);
}
