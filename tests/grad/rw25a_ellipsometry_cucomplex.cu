// cuad: --fn ellipsometry --wrt sellmeier,k_ext,thickness,psi_delta
// cuad: fwd --fn ellipsometry --wrt sellmeier,k_ext,thickness,psi_delta
// Spectroscopic ellipsometry model of one absorbing film on silicon-like substrate, as a
// thin-film metrology fit evaluates it: the film index from a three-term Sellmeier formula
// (coefficients fitted, passed in a device array) plus a constant extinction, the substrate
// index from a fixed table in static __device__ constant memory interpolated in wavelength,
// complex arithmetic with cuComplex (cuCadd, cuCmul, cuCdiv, cuCabs, cuConj), Snell's law
// through a complex square root helper, the Fresnel coefficient for either polarisation
// picked by a switch on an enum class, the Airy summation of the film, and the outputs
// tan(psi) = |rp| / |rs| and cos(delta) = Re(rp conj(rs)) / (|rp| |rs|) per (wavelength,
// angle) sample. Launch bounds on the kernel, constexpr constants in device code.
#include <cuComplex.h>
#include <cuda_runtime.h>

enum class Pol { S, P };

#define NSUB 6
static __device__ const double kSubLam[NSUB] = {0.40, 0.50, 0.60, 0.70, 0.80, 0.90};
static __device__ const double kSubN[NSUB] = {5.57, 4.30, 3.94, 3.78, 3.69, 3.63};
static __device__ const double kSubK[NSUB] = {0.39, 0.045, 0.025, 0.010, 0.005, 0.002};

__device__ cuDoubleComplex csqrt_pr(cuDoubleComplex z) {
  const double r = cuCabs(z);
  const double a = sqrt(0.5 * (r + cuCreal(z)));
  return make_cuDoubleComplex(a, 0.5 * cuCimag(z) / a);
}

__device__ cuDoubleComplex substrate_index(double lam) {
  int j = 0;
  while (j < NSUB - 2 && lam > kSubLam[j + 1]) ++j;
  const double f = (lam - kSubLam[j]) / (kSubLam[j + 1] - kSubLam[j]);
  return make_cuDoubleComplex((1.0 - f) * kSubN[j] + f * kSubN[j + 1], (1.0 - f) * kSubK[j] + f * kSubK[j + 1]);
}

__device__ cuDoubleComplex fresnel_r(Pol pol, cuDoubleComplex n1, cuDoubleComplex c1, cuDoubleComplex n2,
                                     cuDoubleComplex c2) {
  cuDoubleComplex a, b;
  switch (pol) {
    case Pol::S:
      a = cuCmul(n1, c1);
      b = cuCmul(n2, c2);
      break;
    case Pol::P:
    default:
      a = cuCmul(n2, c1);
      b = cuCmul(n1, c2);
      break;
  }
  return cuCdiv(cuCsub(a, b), cuCadd(a, b));
}

__global__ void __launch_bounds__(128) ellipsometry(const double* __restrict__ sellmeier, double k_ext,
                                                    double thickness, const double* __restrict__ lams,
                                                    const double* __restrict__ angles, int nlam, int nang,
                                                    double* psi_delta) {
  const int q = blockIdx.x * blockDim.x + threadIdx.x;
  if (q >= nlam * nang) return;
  constexpr double two_pi = 6.283185307179586;
  const double lam = lams[q / nang], th = angles[q % nang];
  const double l2 = lam * lam;
  double n2 = 1.0;
  for (int t = 0; t < 3; ++t) n2 += sellmeier[t] * l2 / (l2 - sellmeier[3 + t]);
  const cuDoubleComplex n0 = make_cuDoubleComplex(1.0, 0.0);
  const cuDoubleComplex n1 = make_cuDoubleComplex(sqrt(n2), k_ext);
  const cuDoubleComplex ns = substrate_index(lam);
  const double s0 = sin(th);
  const cuDoubleComplex s2 = make_cuDoubleComplex(s0 * s0, 0.0);
  const cuDoubleComplex c0 = make_cuDoubleComplex(cos(th), 0.0);
  const cuDoubleComplex c1 = csqrt_pr(cuCsub(n0, cuCdiv(s2, cuCmul(n1, n1))));
  const cuDoubleComplex c2 = csqrt_pr(cuCsub(n0, cuCdiv(s2, cuCmul(ns, ns))));
  // phase thickness beta = 2 pi d n1 cos(theta1) / lambda; e = exp(2 i beta) (decays for k > 0)
  const cuDoubleComplex beta = cuCmul(make_cuDoubleComplex(two_pi * thickness / lam, 0.0), cuCmul(n1, c1));
  const double mag = exp(-2.0 * cuCimag(beta));
  const cuDoubleComplex e = make_cuDoubleComplex(mag * cos(2.0 * cuCreal(beta)), mag * sin(2.0 * cuCreal(beta)));
  cuDoubleComplex r[2];
  for (int p = 0; p < 2; ++p) {
    const Pol pol = p == 0 ? Pol::S : Pol::P;
    const cuDoubleComplex r01 = fresnel_r(pol, n0, c0, n1, c1);
    const cuDoubleComplex r12 = fresnel_r(pol, n1, c1, ns, c2);
    const cuDoubleComplex t = cuCmul(r12, e);
    r[p] = cuCdiv(cuCadd(r01, t), cuCadd(make_cuDoubleComplex(1.0, 0.0), cuCmul(r01, t)));
  }
  const double as = cuCabs(r[0]), ap = cuCabs(r[1]);
  psi_delta[2 * q] = ap / as;
  psi_delta[2 * q + 1] = cuCreal(cuCmul(r[1], cuConj(r[0]))) / (ap * as);
}
