// cuad: --fn iir_rows --wrt img,coef,out -DCUAD_TAPE_CAPACITY=512
// cuad: fwd --fn iir_rows --wrt img,coef,out
// A recursive (IIR) smoothing filter along image rows, Deriche / Young-van Vliet style, as
// in GPU edge-aware and Gaussian approximations: one thread per row, the image stored
// column-major (pixel x of row r at x * rows + r) so a warp's loads coalesce; a causal
// second-order section y[n] = b0 x[n] + b1 x[n-1] - a1 y[n-1] - a2 y[n-2] run forward with
// its state in registers, the boundary started at the steady state of a constant signal,
// written to out; then an anticausal section run backwards, added in place into out
// (out[i] += ...). The coefficients are a struct passed by value (learnable: its adjoint is a
// Biquad*), the output gain a field too. The gradient tapes the recurrence state, 11 values
// per pixel: 24 columns need a tape larger than the default 256 (-DCUAD_TAPE_CAPACITY=512).
#include <cuda_runtime.h>

struct Biquad {
  double b0, b1;  // feed-forward
  double a1, a2;  // feedback (stable: poles inside the unit circle)
  double gain;
};

__device__ __forceinline__ double steady_state(const Biquad& c, double x) {
  // y = (b0 + b1) x / (1 + a1 + a2) for a constant input
  return (c.b0 + c.b1) * x / (1.0 + c.a1 + c.a2);
}

__global__ void iir_rows(const double* __restrict__ img, double* __restrict__ out, int rows,
                         int cols, Biquad coef) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  // causal pass, left to right
  double xm1 = img[r];
  double ym1 = steady_state(coef, xm1), ym2 = ym1;
  for (int x = 0; x < cols; ++x) {
    const double xn = img[x * rows + r];
    const double yn = coef.b0 * xn + coef.b1 * xm1 - coef.a1 * ym1 - coef.a2 * ym2;
    out[x * rows + r] = coef.gain * yn;
    xm1 = xn;
    ym2 = ym1;
    ym1 = yn;
  }
  // anticausal pass, right to left, added in place
  double xp1 = img[(cols - 1) * rows + r];
  double yp1 = steady_state(coef, xp1), yp2 = yp1;
  for (int x = cols - 1; x >= 0; --x) {
    const double xn = img[x * rows + r];
    const double yn = coef.b1 * xp1 - coef.a1 * yp1 - coef.a2 * yp2;
    out[x * rows + r] += coef.gain * yn;
    xp1 = xn;
    yp2 = yp1;
    yp1 = yn;
  }
}
