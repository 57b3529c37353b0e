// cuad: --fn onepole_scan --wrt x,pole,y
// cuad: fwd --fn onepole_scan --wrt x,pole,y
// A first-order IIR (leaky integrator / one-pole smoother) y[t] = a y[t-1] + (1 - a) x[t]
// evaluated in parallel as a scan of affine maps, the standard GPU trick for linear
// recurrences: each lane of a warp owns a chunk of CHUNK samples, runs the recurrence on
// its chunk from zero state while composing its affine map (A, B), an inclusive
// Kogge-Stone scan over lanes with __shfl_up_sync composes the maps ((A2, B2) after
// (A1, B1) is (A1 A2, A2 B1 + B2)), the exclusive prefix's B is the state entering the
// chunk, and a second pass adds its decayed contribution to each output in place. One warp
// per channel; the pole of each channel is learnable.
#include <cuda_runtime.h>

#define CHUNK 4
#define FULL 0xffffffffu

struct Affine {
  float A, B;
};

__device__ __forceinline__ Affine compose(Affine first, Affine second) {
  Affine r;
  r.A = first.A * second.A;
  r.B = second.A * first.B + second.B;
  return r;
}

__global__ void onepole_scan(const float* __restrict__ x, const float* __restrict__ pole,
                             float* __restrict__ y, int n_samp) {
  const int ch = blockIdx.x;
  const int lane = threadIdx.x;
  const float a = pole[ch];
  const float b = 1.0f - a;
  const float* xc = x + ch * n_samp;
  float* yc = y + ch * n_samp;
  // local pass from zero state
  Affine m{1.0f, 0.0f};
  for (int k = 0; k < CHUNK; ++k) {
    const int t = lane * CHUNK + k;
    const float xt = t < n_samp ? xc[t] : 0.0f;
    m.A *= a;
    m.B = a * m.B + b * xt;
    if (t < n_samp) yc[t] = m.B;
  }
  // inclusive scan of the maps over lanes
  Affine inc = m;
  for (int off = 1; off < 32; off <<= 1) {
    const float pa = __shfl_up_sync(FULL, inc.A, off);
    const float pb = __shfl_up_sync(FULL, inc.B, off);
    if (lane >= off) inc = compose(Affine{pa, pb}, inc);
  }
  // the state entering this chunk is the previous lane's inclusive B
  float carry = __shfl_up_sync(FULL, inc.B, 1);
  if (lane == 0) carry = 0.0f;
  for (int k = 0; k < CHUNK; ++k) {
    const int t = lane * CHUNK + k;
    carry *= a;
    if (t < n_samp) yc[t] += carry;
  }
}
