// cuad: --fn moist::saturation_adjust<double> --wrt T,p,qt,ql
// cuad: --fn satadj_cells --wrt pres,temp,qv,qc
// cuad: fwd --fn satadj_cells
// Bulk microphysics saturation adjustment. Thermodynamic constants live in a struct in
// __constant__ memory; the saturation vapour pressure follows the integrated
// Clausius-Clapeyron relation with the latent heat of vaporisation above freezing and of
// sublimation below (a phase branch); the adjusted temperature solves
// T - Tl - (L/cp) (qt - qsat(T, p)) = 0 with a fixed number of Newton iterations (the
// derivative of qsat from Clausius-Clapeyron), starting from the liquid-water temperature;
// an unsaturated parcel evaporates all its cloud water (early return). The adjustment is a
// function template on precision in a namespace, taking the cloud water by reference
// (in/out); the kernel applies it in place to every cell.
#include <cuda_runtime.h>

namespace moist {

struct ThermoConsts {
  double Rd, Rv, cp, Lv, Ls, T0, es0;
};

constexpr int kNewtonIters = 4;

}  // namespace moist

__constant__ moist::ThermoConsts c_th;

namespace moist {

template <typename Real>
__device__ __forceinline__ Real latent(Real T) {
  return T >= Real(c_th.T0) ? Real(c_th.Lv) : Real(c_th.Ls);
}

template <typename Real>
__device__ Real esat(Real T) {
  const Real L = latent(T);
  return Real(c_th.es0) * exp(L / Real(c_th.Rv) * (Real(1) / Real(c_th.T0) - Real(1) / T));
}

template <typename Real>
__device__ Real qsat(Real T, Real p) {
  const Real eps = Real(c_th.Rd / c_th.Rv);
  const Real e = esat(T);
  return eps * e / (p - (Real(1) - eps) * e);
}

template <typename Real>
__device__ Real saturation_adjust(Real T, Real p, Real qt, Real& ql) {
  const Real Lcp = Real(c_th.Lv / c_th.cp);
  const Real Tl = T - Lcp * ql;
  if (qt <= qsat(Tl, p)) {
    ql = Real(0);
    return Tl;
  }
  Real Tn = Tl + Real(0.5) * Lcp * (qt - qsat(Tl, p));
  for (int it = 0; it < kNewtonIters; ++it) {
    const Real qs = qsat(Tn, p);
    const Real dqs = qs * latent(Tn) / (Real(c_th.Rv) * Tn * Tn);
    const Real f = Tn - Tl - Lcp * (qt - qs);
    Tn = Tn - f / (Real(1) + Lcp * dqs);
  }
  ql = qt - qsat(Tn, p);
  return Tn;
}

}  // namespace moist

__global__ void satadj_cells(int n, const double* __restrict__ pres, double* __restrict__ temp,
                             double* __restrict__ qv, double* __restrict__ qc) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const double qt = qv[i] + qc[i];
    double ql = qc[i];
    const double Tnew = moist::saturation_adjust<double>(temp[i], pres[i], qt, ql);
    temp[i] = Tnew;
    qc[i] = ql;
    qv[i] = qt - ql;
  }
}
