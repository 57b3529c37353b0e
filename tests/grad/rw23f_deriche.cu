// cuad: --fn deriche_rows --wrt in,sigma,out
// Deriche's recursive Gaussian smoothing along rows (second order), one thread per row: the
// coefficients come from sigma through a __device__ function returning a struct (exp, cos,
// sin), the causal pass writes into a per-thread local buffer, the anticausal pass runs right
// to left carrying two previous inputs and outputs in scalars that are overwritten every
// step, and the output row is the sum of both passes.
#include <cuda_runtime.h>
#include <math.h>

#define MAXW 32

struct DericheCoefs {
  double a0, a1, a2, a3, b1, b2;
};

__device__ DericheCoefs deriche_coefs(double sigma) {
  const double alpha = 1.695 / sigma;
  const double ema = exp(-alpha), ema2 = exp(-2.0 * alpha);
  const double k = (1.0 - ema) * (1.0 - ema) / (1.0 + 2.0 * alpha * ema - ema2);
  DericheCoefs c;
  c.a0 = k;
  c.a1 = k * ema * (alpha - 1.0);
  c.a2 = k * ema * (alpha + 1.0);
  c.a3 = -k * ema2;
  c.b1 = 2.0 * ema;
  c.b2 = -ema2;
  return c;
}

__global__ void deriche_rows(const double* __restrict__ in, double* __restrict__ out, int W, int H,
                             double sigma) {
  const int y = blockIdx.x * blockDim.x + threadIdx.x;
  if (y >= H) return;
  const DericheCoefs c = deriche_coefs(sigma);
  const double* row = in + y * W;
  double causal[MAXW];
  double xm1 = row[0], ym1 = 0.0, ym2 = 0.0;
  for (int i = 0; i < W; ++i) {
    const double xi = row[i];
    const double yi = c.a0 * xi + c.a1 * xm1 + c.b1 * ym1 + c.b2 * ym2;
    causal[i] = yi;
    xm1 = xi;
    ym2 = ym1;
    ym1 = yi;
  }
  double xp1 = row[W - 1], xp2 = row[W - 1], yp1 = 0.0, yp2 = 0.0;
  for (int i = W - 1; i >= 0; --i) {
    const double yi = c.a2 * xp1 + c.a3 * xp2 + c.b1 * yp1 + c.b2 * yp2;
    xp2 = xp1;
    xp1 = row[i];
    yp2 = yp1;
    yp1 = yi;
    out[y * W + i] = causal[i] + yi;
  }
}
