// cuad: --fn slab_te0_modes --wrt n_core,n_clad,width,neff,conf
// cuad: fwd --fn slab_te0_modes --wrt n_core,n_clad,width,neff,conf
// Fundamental TE mode of a symmetric slab waveguide over a sweep of wavelengths, as a
// photonics design script ported to CUDA computes it: one thread per wavelength solves the
// dispersion relation kx tan(kx w / 2) = gamma for the propagation constant beta by Newton's
// method in a do-while loop that stops when the update is small (data-dependent iteration
// count), the residual and its derivative written as lambdas capturing the thread's state by
// reference, a bisection-style safeguard that halves a step leaving the guided range, and the
// confinement factor of the mode from the converged beta. The slab parameters are per-sweep
// scalars (their adjoints sum over all threads).
#include <cuda_runtime.h>

__device__ __forceinline__ double sq(double x) { return x * x; }

__global__ void slab_te0_modes(const double* __restrict__ lambda, int nw, double n_core, double n_clad,
                               double width, double* neff, double* conf) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= nw) return;
  const double k0 = 6.283185307179586 / lambda[k];
  const double lo = k0 * n_clad, hi = k0 * n_core;
  auto residual = [&](double b) {
    const double kx = sqrt(hi * hi - b * b), g = sqrt(b * b - lo * lo);
    return kx * tan(0.5 * kx * width) - g;
  };
  auto slope = [&](double b) {
    const double kx = sqrt(hi * hi - b * b), g = sqrt(b * b - lo * lo);
    const double t = tan(0.5 * kx * width);
    const double dkx = -b / kx;
    return dkx * (t + 0.5 * kx * width * (1.0 + t * t)) - b / g;
  };
  double beta = lo + 0.9 * (hi - lo);
  double step;
  int it = 0;
  do {
    step = residual(beta) / slope(beta);
    double next = beta - step;
    while (next <= lo || next >= hi) {  // keep the iterate guided
      step *= 0.5;
      next = beta - step;
    }
    beta = next;
    ++it;
  } while (fabs(step) > 1e-13 * hi && it < 60);
  neff[k] = beta / k0;
  const double kx = sqrt(hi * hi - beta * beta), g = sqrt(beta * beta - lo * lo);
  // power in the core over total power for the even TE mode
  const double core = 0.5 * width + sin(kx * width) / (2.0 * kx);
  const double clad = sq(cos(0.5 * kx * width)) / g;
  conf[k] = core / (core + clad);
}
