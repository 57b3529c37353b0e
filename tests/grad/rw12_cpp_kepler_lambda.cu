// cuad: --fn kepler_orbits --wrt elems,t,xy
// cuad: fwd --fn kepler_orbits
// An orbit propagator (astrodynamics / exoplanet light-curve codes): per body, the mean anomaly
// from a lambda defined in the kernel (capturing the element struct copy by reference), wrapped into
// (-pi, pi] by a helper with early returns, Kepler's equation E - e sin E = M solved by a
// `while` Newton loop to a tolerance with an iteration cap (data-dependent trip count), a
// near-circular shortcut returning early, the iteration count written through an int pointer,
// and the position computed by a second lambda (capture by value) writing through references.
#include <cuda_runtime.h>

#define KEPLER_TOL 1e-14
#define KEPLER_MAX_IT 50

struct Elements {
  double a;   // semi-major axis
  double e;   // eccentricity
  double M0;  // mean anomaly at epoch
  double nm;  // mean motion
};

__device__ double wrap_pi(double M) {
  const double two_pi = 6.283185307179586;
  if (M > 3.141592653589793) return M - two_pi;
  if (M <= -3.141592653589793) return M + two_pi;
  return M;
}

__device__ double solve_kepler(double M, double e, int* iters) {
  if (e < 1e-3) {  // near-circular: one fixed-point step is enough
    *iters = 1;
    return M + e * sin(M);
  }
  double E = e < 0.8 ? M : 3.141592653589793 * (M > 0.0 ? 1.0 : -1.0);
  double dE = 1.0;
  int it = 0;
  while (fabs(dE) > KEPLER_TOL && it < KEPLER_MAX_IT) {
    const double f = E - e * sin(E) - M;
    const double fp = 1.0 - e * cos(E);
    dE = f / fp;
    E -= dE;
    ++it;
  }
  *iters = it;
  return E;
}

__global__ void kepler_orbits(const Elements* __restrict__ elems, double t,
                              double* __restrict__ xy, int* __restrict__ iters, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Elements el = elems[i];  // `const Elements& el` breaks: rw12_cpp_lambda_ref_capture_min
  auto mean_anomaly = [&](double tt) { return wrap_pi(el.M0 + el.nm * tt); };
  const double M = mean_anomaly(t);
  int it = 0;
  const double E = solve_kepler(M, el.e, &it);
  const double b = el.a * sqrt(1.0 - el.e * el.e);
  const double a = el.a, ecc = el.e;
  auto to_plane = [=](double ecc_anom, double& X, double& Y) {
    X = a * (cos(ecc_anom) - ecc);
    Y = b * sin(ecc_anom);
  };
  double X, Y;
  to_plane(E, X, Y);
  xy[2 * i] = X;
  xy[2 * i + 1] = Y;
  iters[i] = it;
}
