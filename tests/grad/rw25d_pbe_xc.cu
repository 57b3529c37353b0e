// cuad: --fn xc_integrate --wrt rho,sigma,exc,E
// cuad: fwd --fn pbe_point
// Spin-unpolarised PBE exchange-correlation energy on a quadrature grid: Slater exchange
// times the PBE enhancement factor Fx(s), Perdew-Wang 92 correlation and the PBE gradient
// correction H(rs, t). The density is clamped from below (points under a threshold
// contribute nothing), sigma = |grad rho|^2 is clamped at a tiny floor, rs via cbrt, s^2
// and t^2 via pow(rho, 8/3) and pow(rho, 7/3); helpers return through output references.
// The kernel writes the energy density per point and reduces the quadrature sum per block
// in shared memory before one atomicAdd per block.
#include <cuda_runtime.h>
#include <math.h>

#define PI_D 3.14159265358979323846
#define RHO_THRESH 1e-10
#define SIGMA_FLOOR 1e-24
#define BLOCK 64

// Perdew-Wang 92 (unpolarised) correlation energy per particle.
__host__ __device__ void pw92_ec(double rs, double& ec) {
  const double A = 0.031091, a1 = 0.21370;
  const double b1 = 7.5957, b2 = 3.5876, b3 = 1.6382, b4 = 0.49294;
  const double srs = sqrt(rs);
  const double den = 2.0 * A * (b1 * srs + b2 * rs + b3 * rs * srs + b4 * rs * rs);
  ec = -2.0 * A * (1.0 + a1 * rs) * log(1.0 + 1.0 / den);
}

__host__ __device__ inline double pbe_fx(double s2) {
  const double kappa = 0.804, mu = 0.2195149727645171;
  return 1.0 + kappa - kappa / (1.0 + mu * s2 / kappa);
}

__host__ __device__ void pbe_h(double rho, double sigma, double ec, double& H) {
  const double beta = 0.06672455060314922;
  const double gamma = (1.0 - log(2.0)) / (PI_D * PI_D);
  const double kf = cbrt(3.0 * PI_D * PI_D * rho);
  const double ks2 = 4.0 * kf / PI_D;
  const double t2 = sigma / (4.0 * ks2 * rho * rho);
  const double A = beta / gamma / expm1(-ec / gamma);
  const double At2 = A * t2;
  const double num = 1.0 + At2;
  const double den = 1.0 + At2 + At2 * At2;
  H = gamma * log(1.0 + beta / gamma * t2 * num / den);
}

// Energy per volume, rho * eps_xc, at one point.
__host__ __device__ double pbe_point(double rho_in, double sigma_in) {
  if (rho_in < RHO_THRESH) return 0.0;
  const double rho = fmax(rho_in, RHO_THRESH);
  const double sigma = fmax(sigma_in, SIGMA_FLOOR);
  const double cx = -0.75 * cbrt(3.0 / PI_D);
  const double ex_lda = cx * cbrt(rho);
  const double kfac = 4.0 * pow(3.0 * PI_D * PI_D, 2.0 / 3.0);
  const double s2 = sigma / (kfac * pow(rho, 8.0 / 3.0));
  const double rs = cbrt(3.0 / (4.0 * PI_D * rho));
  double ec, H;
  pw92_ec(rs, ec);
  pbe_h(rho, sigma, ec, H);
  return rho * (ex_lda * pbe_fx(s2) + ec + H);
}

__global__ void xc_integrate(int n, const double* __restrict__ weights, const double* __restrict__ rho,
                             const double* __restrict__ sigma, double* __restrict__ exc,
                             double* __restrict__ E) {
  __shared__ double part[BLOCK];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  double e = 0.0;
  if (i < n) {
    const double v = pbe_point(rho[i], sigma[i]);
    exc[i] = v;
    e = weights[i] * v;
  }
  part[threadIdx.x] = e;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(E, part[0]);
}
