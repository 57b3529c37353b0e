// cuad: --fn lpc_envelope<6> --wrt a,gain,env
// cuad: fwd --fn lpc_envelope<6> --wrt a,gain,env
// The spectral envelope of an all-pole (LPC) model, log(g^2 / |A(e^{jw})|^2) in dB, on a grid of
// frequency bins, as a vocoder / formant-loss front end computes it: A(z) = 1 + a1 z^-1 + ...
// + ap z^-p is evaluated by Horner's rule in z^-1, unrolled at compile time through a
// recursive class template with a static member function and an explicit specialization
// ending the recursion, on a small complex struct with free operators. One thread per
// (frame, bin); the order is the kernel template's parameter. Gradients w.r.t. the
// predictor coefficients, the gains and the output.
#include <cuda_runtime.h>
#include <math.h>

struct cpx {
  double re, im;
};
__device__ inline cpx operator*(cpx a, cpx b) { return cpx{a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }
__device__ inline cpx operator+(cpx a, double s) { return cpx{a.re + s, a.im}; }

// A(z) evaluated from the highest coefficient down: ((a_p w + a_{p-1}) w + ...) w + 1, w = z^-1
template <int K>
struct Horner {
  static __device__ cpx eval(const double* a, cpx w) { return Horner<K - 1>::eval(a, w) * w + a[K - 1]; }
};
template <>
struct Horner<0> {
  static __device__ cpx eval(const double* a, cpx w) { return cpx{0.0, 0.0}; }
};

template <int P>
__global__ void lpc_envelope(const double* __restrict__ a, const double* __restrict__ gain, int n_frames,
                             int n_bins, double* __restrict__ env) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n_frames * n_bins) return;
  const int f = tid / n_bins, k = tid % n_bins;
  const double omega = 3.141592653589793 * (k + 0.5) / n_bins;
  const cpx w{cos(omega), -sin(omega)};  // z^-1 on the unit circle
  // reversed coefficients so Horner<P> starts from a_P: rev[j] = a_{P-j}, rev[P] = 1
  double rev[P + 1];
  for (int j = 0; j < P; ++j) rev[j] = a[f * P + (P - 1 - j)];
  rev[P] = 1.0;
  // A = (((rev0 w + rev1) w + rev2) ... ) w + rev_P
  const cpx A = Horner<P>::eval(rev, w) * w + rev[P];
  const double mag2 = A.re * A.re + A.im * A.im;
  env[tid] = 10.0 * log10(gain[f] * gain[f] / mag2);
}

template __global__ void lpc_envelope<6>(const double*, const double*, int, int, double*);
