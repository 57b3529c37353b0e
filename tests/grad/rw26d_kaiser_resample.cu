// cuad: --fn resample<KaiserWin> --wrt x,win,y
// cuad: fwd --fn resample<KaiserWin> --wrt x,win,y
// Band-limited resampling by windowed-sinc interpolation (a differentiable sample-rate
// converter): output sample i sits at input time i * ratio + offset; its HALF taps on each
// side are sinc kernels cut off at `cutoff` and shaped by a window functor passed by value
// to the kernel template (a Kaiser window, I0(beta sqrt(1 - r^2)) / I0(beta), with a
// learnable beta and a learnable cutoff in the functor's fields; a Hann window as the
// alternative instance). Input samples outside the record are zero. Gradients w.r.t. the
// input, the window functor's real fields and the output.
#include <cuda_runtime.h>
#include <math.h>

#define HALF 4
#define PI_F 3.14159265358979f

struct KaiserWin {
  float beta;
  float cutoff;  // fraction of the input Nyquist
  __device__ float operator()(float u) const {  // u in (-HALF, HALF)
    const float r = u / HALF;
    return cyl_bessel_i0f(beta * sqrtf(1.0f - r * r)) / cyl_bessel_i0f(beta);
  }
};

struct HannWin {
  float cutoff;
  __device__ float operator()(float u) const { return 0.5f + 0.5f * cosf(PI_F * u / HALF); }
};

__device__ __forceinline__ float sinc(float v) { return sinf(PI_F * v) / (PI_F * v); }

template <class Window>
__global__ void resample(const float* __restrict__ x, int n_in, Window win, float ratio, float offset,
                         float* __restrict__ y, int n_out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_out) return;
  const float t = i * ratio + offset;
  const int base = (int)floorf(t);
  const float frac = t - base;
  float acc = 0.0f;
  for (int k = -HALF + 1; k <= HALF; ++k) {
    const int idx = base + k;
    if (idx < 0 || idx >= n_in) continue;
    const float u = frac - k;
    acc += x[idx] * win.cutoff * sinc(win.cutoff * u) * win(u);
  }
  y[i] = acc;
}

template __global__ void resample<KaiserWin>(const float*, int, KaiserWin, float, float, float*, int);
template __global__ void resample<HannWin>(const float*, int, HannWin, float, float, float*, int);
