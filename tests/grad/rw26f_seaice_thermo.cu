// cuad: --fn seaice_step --wrt state,forc,k_ice
// cuad: fwd --fn seaice_step --wrt state,forc
// Zero-layer (Semtner) sea-ice thermodynamics with snow, one thread per ice cell. The state
// is an array of structs updated in place. The surface temperature solves the surface energy
// balance (shortwave absorbed with a snow/ice/melt-pond albedo, downwelling longwave,
// emitted longwave, bulk sensible heat, conduction through snow and ice in series) by a
// fixed number of Newton iterations. Phase branches: a surface above the melting point is
// clamped to it and the excess flux melts snow first, then ice; at the base the conductive
// flux minus the ocean heat flux grows or melts ice; ice thinner than a minimum becomes
// open water. Constants are static constexpr members of a struct; the regime is returned
// as an enum in an int array.
#include <cuda_runtime.h>

struct IceState {
  double hi;  // ice thickness (m)
  double hs;  // snow depth (m)
  double ts;  // surface temperature (K)
};

struct Forcing {
  double sw_down, lw_down, t_air, f_ocean;
};

struct Phys {
  static constexpr double sigma = 5.670374e-8;
  static constexpr double t_melt = 273.15;
  static constexpr double t_freeze = 271.35;  // sea water
  static constexpr double k_snow = 0.31;
  static constexpr double rho_i = 917.0, rho_s = 330.0;
  static constexpr double lf = 3.34e5;
  static constexpr double c_sens = 15.0;  // W/m^2/K bulk transfer
  static constexpr double h_min = 0.05;
};

enum Regime : int { OPEN_WATER = 0, FREEZING = 1, MELT_SNOW = 2, MELT_ICE = 3 };

__device__ __forceinline__ double albedo(const IceState& s) {
  const double snowy = 1.0 - exp(-s.hs / 0.02);
  return 0.55 + 0.3 * snowy;
}

// net downward flux at the surface at temperature ts, and its derivative
__device__ double surface_flux(double ts, double alb, const Forcing& f, double* dflux) {
  const double t3 = ts * ts * ts;
  *dflux = -4.0 * 0.98 * Phys::sigma * t3 - Phys::c_sens;
  return (1.0 - alb) * f.sw_down + 0.98 * f.lw_down - 0.98 * Phys::sigma * t3 * ts +
         Phys::c_sens * (f.t_air - ts);
}

__global__ void seaice_step(int n, IceState* state, const Forcing* __restrict__ forc,
                            double k_ice, double dt, int* __restrict__ regime) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= n) return;
  IceState s = state[c];
  const Forcing f = forc[c];
  // thermal conductance of snow and ice in series
  const double cond = 1.0 / (s.hi / k_ice + s.hs / Phys::k_snow);
  const double alb = albedo(s);
  double ts = s.ts;
  for (int it = 0; it < 5; ++it) {
    double dF;
    const double F = surface_flux(ts, alb, f, &dF) + cond * (Phys::t_freeze - ts);
    ts -= F / (dF - cond);
  }
  Regime r = FREEZING;
  if (ts > Phys::t_melt) {
    ts = Phys::t_melt;
    double dF;
    double excess = surface_flux(ts, alb, f, &dF) + cond * (Phys::t_freeze - ts);  // W/m^2 into melt
    double melt_snow = excess * dt / (Phys::rho_s * Phys::lf);
    r = MELT_SNOW;
    if (melt_snow > s.hs) {
      const double left = (melt_snow - s.hs) * Phys::rho_s / Phys::rho_i;
      s.hs = 0.0;
      s.hi -= left;
      r = MELT_ICE;
    } else {
      s.hs -= melt_snow;
    }
  }
  const double fcond = cond * (Phys::t_freeze - ts);  // upward conduction (negative = into ice)
  s.hi += (-fcond - f.f_ocean) * dt / (Phys::rho_i * Phys::lf);
  s.ts = ts;
  if (s.hi < Phys::h_min) {
    s.hi = 0.0;
    s.hs = 0.0;
    s.ts = Phys::t_freeze;
    r = OPEN_WATER;
  }
  state[c] = s;
  regime[c] = r;
}
