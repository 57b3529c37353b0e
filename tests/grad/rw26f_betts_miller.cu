// cuad: --fn bm_convection --wrt temp,qv,tau_bm,precip
// cuad: fwd --fn bm_convection --wrt temp,qv,tau_bm,precip
// Simplified Betts-Miller convection scheme (column physics, one thread per column). A
// parcel lifted from the lowest level defines the cloud top: the first level where the
// parcel (moist-adiabatic lapse rate approximated by a constant) is colder than the
// environment (a while loop with a data-dependent exit). Columns whose parcel is positively
// buoyant somewhere (a CAPE-like integral) and whose precipitable water exceeds the
// reference (a fixed relative humidity of the current temperature) relax temperature and
// humidity toward reference profiles within the cloud layer over the time scale tau_bm, conserving enthalpy by adjusting the reference
// temperature profile by a column-uniform shift; the rain of the step is added to the
// accumulated precipitation. Other columns are left untouched (no store at all).
#include <cuda_runtime.h>

#define NZC 16
#define COL(c, k) ((c) * NZC + (k))

namespace bm {
constexpr double cp = 1004.0, lv = 2.5e6, grav = 9.81;
constexpr double moist_lapse = 6.5e-3;  // K/m
constexpr double rhbm = 0.8;
__device__ __forceinline__ double qsat_approx(double T, double p) {
  // Bolton-type saturation specific humidity, p in Pa
  const double es = 611.2 * exp(17.67 * (T - 273.15) / (T - 29.65));
  return 0.622 * es / (p - 0.378 * es);
}
}  // namespace bm

// pressure thickness of the layer around level j
__device__ __forceinline__ double layer_dp(const double* pres, int j) {
  if (j == 0) return pres[0] - pres[1];
  if (j == NZC - 1) return pres[j - 1] - pres[j];
  return 0.5 * (pres[j - 1] - pres[j + 1]);
}

__global__ void bm_convection(int ncol, const double* __restrict__ pres, const double* __restrict__ zlev,
                              double* temp, double* qv, double tau_bm, double dt, double* precip) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncol) return;
  // parcel from level 0
  const double T0 = temp[COL(c, 0)];
  double cape = 0.0;
  int ktop = 0;
  int k = 1;
  while (k < NZC) {
    const double Tp = T0 - bm::moist_lapse * (zlev[k] - zlev[0]);
    const double buoy = Tp - temp[COL(c, k)];
    if (buoy < 0.0 && k > 2) break;
    cape += bm::grav * buoy / temp[COL(c, k)] * (zlev[k] - zlev[k - 1]);
    ktop = k;
    ++k;
  }
  if (cape <= 0.0 || ktop < 2) return;

  double Tref[NZC], qref[NZC];
  double dq_sum = 0.0, dT_sum = 0.0, mass = 0.0;
  for (int j = 0; j <= ktop; ++j) {
    Tref[j] = T0 - bm::moist_lapse * (zlev[j] - zlev[0]);
    qref[j] = bm::rhbm * bm::qsat_approx(temp[COL(c, j)], pres[j]);
    const double dp = layer_dp(pres, j);
    dq_sum += (qv[COL(c, j)] - qref[j]) * dp;
    dT_sum += (Tref[j] - temp[COL(c, j)]) * dp;
    mass += dp;
  }
  if (dq_sum <= 0.0) return;
  // enthalpy conservation: shift Tref so that cp dT = lv dq over the layer
  const double shift = (bm::lv * dq_sum / bm::cp - dT_sum) / mass;
  const double frac = dt / tau_bm;
  double rain = 0.0;
  for (int j = 0; j <= ktop; ++j) {
    const double dp = layer_dp(pres, j);
    const double dq = -frac * (qv[COL(c, j)] - qref[j]);
    temp[COL(c, j)] += frac * (Tref[j] + shift - temp[COL(c, j)]);
    qv[COL(c, j)] += dq;
    rain -= dq * dp / bm::grav;
  }
  precip[c] += rain;
}
