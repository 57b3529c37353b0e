// cuad: --fn xc_eval<SRPBEx> --wrt f,rho,sigma,exc,E
// cuad: fwd --fn xc_eval<SRPBEx> --wrt f,rho,sigma,exc,E
// A kernel template over the functional (a functor passed by value whose fields are the
// functional's parameters, here a range-separated, short-range PBE-like exchange):
//   e_x = rho * eps_x^LDA(rho) * F_att(a) * Fx(s),   a = omega / (2 k_F),
//   F_att(a) = 1 - 8a/3 [sqrt(pi) erf(1/(2a)) + (2a - 4a^3) exp(-1/(4a^2)) - 3a + 4a^3],
// with the asymptotic series 1/(36 a^2) - 1/(960 a^4) + 1/(26880 a^6) for large a (where the
// closed form cancels badly) and the PBE enhancement Fx(s) = 1 + kappa - kappa/(1 + mu s^2/kappa).
// The gradient is taken w.r.t. the functor's parameters too (omega, kappa, mu), as when
// fitting a functional. Densities are clamped from below, tiny ones skipped.
#include <cuda_runtime.h>
#include <math.h>

#define PI_D 3.14159265358979323846
#define SQRT_PI_D 1.7724538509055160273
#define DENS_CUT 1e-12
#define A_SWITCH 3.0

struct SRPBEx {
  double omega;
  double kappa;
  double mu;

  __device__ double attenuation(double a) const {
    if (a < A_SWITCH) {
      const double a2 = a * a, a3 = a2 * a;
      const double br = SQRT_PI_D * erf(0.5 / a) + (2.0 * a - 4.0 * a3) * exp(-0.25 / a2) - 3.0 * a + 4.0 * a3;
      return 1.0 - 8.0 / 3.0 * a * br;
    }
    const double ia2 = 1.0 / (a * a);
    return ia2 / 36.0 - ia2 * ia2 / 960.0 + ia2 * ia2 * ia2 / 26880.0;
  }

  __device__ double operator()(double rho_in, double sigma_in) const {
    const double rho = fmax(rho_in, DENS_CUT);
    const double sigma = fmax(sigma_in, 0.0);
    const double kf = cbrt(3.0 * PI_D * PI_D * rho);
    const double ex_lda = -0.75 / PI_D * kf;  // -(3/4)(3/pi)^(1/3) rho^(1/3)
    const double s2 = sigma / (4.0 * kf * kf * rho * rho);
    const double fx = 1.0 + kappa - kappa / (1.0 + mu * s2 / kappa);
    return rho * ex_lda * attenuation(omega / (2.0 * kf)) * fx;
  }
};

template <class Functional>
__global__ void xc_eval(Functional f, int n, const double* __restrict__ rho, const double* __restrict__ sigma,
                        const double* __restrict__ wq, double* __restrict__ exc, double* __restrict__ E) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double e = 0.0;
  if (rho[i] > DENS_CUT) e = f(rho[i], sigma[i]);
  exc[i] = e;
  atomicAdd(E, wq[i] * e);
}

template __global__ void xc_eval<SRPBEx>(SRPBEx, int, const double*, const double*, const double*, double*, double*);
