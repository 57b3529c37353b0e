// cuad: --fn iir_gauss_cols --wrt in,out,sigma
// cuad: fwd --fn ema_channels
// 1: recursive (IIR) Gaussian smoothing of image columns in the style of the Young / van Vliet
// filter used by CUDA image-processing samples: one thread per column, the coefficients of a
// third-order recursion computed from sigma in a __device__ helper (struct return), a causal
// pass y[n] = B x[n] + (b1 y[n-1] + b2 y[n-2] + b3 y[n-3]) / b0 with replicated-edge history,
// then an anticausal pass over the causal result, in place in `out`, with register history
// rotated every step.
// 2 (forward mode): an exponential moving average over time for many channels (audio / sensor
// streams): x[t * C + c], one thread per channel in a grid-stride loop, a per-channel decay
// from a time constant (exp(-dt / tau[c])), bias-corrected like Adam (divide by 1 - beta^t,
// with pow), and a running peak envelope (attack / release) written next to it.
#include <cuda_runtime.h>
#include <math.h>

struct IIRCoef {
  double B, b1, b2, b3, b0;
};

__device__ IIRCoef yvv_coefficients(double sigma) {
  // q from sigma (valid for sigma >= 2.5), then the recursion coefficients
  const double q = 0.98711 * sigma - 0.96330;
  const double q2 = q * q, q3 = q2 * q;
  IIRCoef c;
  c.b0 = 1.57825 + 2.44413 * q + 1.4281 * q2 + 0.422205 * q3;
  c.b1 = 2.44413 * q + 2.85619 * q2 + 1.26661 * q3;
  c.b2 = -(1.4281 * q2 + 1.26661 * q3);
  c.b3 = 0.422205 * q3;
  c.B = 1.0 - (c.b1 + c.b2 + c.b3) / c.b0;
  return c;
}

__global__ void iir_gauss_cols(const double* __restrict__ in, double* __restrict__ out, int W,
                               int H, double sigma) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= W) return;
  const IIRCoef c = yvv_coefficients(sigma);
  const double inv_b0 = 1.0 / c.b0;
  // causal pass, history initialized with the first pixel (replicated edge)
  double y1 = in[x], y2 = in[x], y3 = in[x];
  for (int y = 0; y < H; ++y) {
    const double v = c.B * in[y * W + x] + (c.b1 * y1 + c.b2 * y2 + c.b3 * y3) * inv_b0;
    out[y * W + x] = v;
    y3 = y2;
    y2 = y1;
    y1 = v;
  }
  // anticausal pass over the causal output, in place
  const double last = out[(H - 1) * W + x];
  y1 = last;
  y2 = last;
  y3 = last;
  for (int y = H - 1; y >= 0; --y) {
    const double v = c.B * out[y * W + x] + (c.b1 * y1 + c.b2 * y2 + c.b3 * y3) * inv_b0;
    out[y * W + x] = v;
    y3 = y2;
    y2 = y1;
    y1 = v;
  }
}

__global__ void ema_channels(const float* __restrict__ x, const float* __restrict__ tau,
                             float* __restrict__ ema, float* __restrict__ env, int T, int C,
                             float dt, float attack, float release) {
  for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < C; c += blockDim.x * gridDim.x) {
    const float beta = expf(-dt / tau[c]);
    float m = 0.0f, e = fabsf(x[c]);
    for (int t = 0; t < T; ++t) {
      const float v = x[t * C + c];
      m = beta * m + (1.0f - beta) * v;
      ema[t * C + c] = m / (1.0f - powf(beta, (float)(t + 1)));
      const float a = fabsf(v);
      const float k = a > e ? attack : release;
      e = k * e + (1.0f - k) * a;
      env[t * C + c] = e;
    }
  }
}
