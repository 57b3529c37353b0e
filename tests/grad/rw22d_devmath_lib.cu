// cuad: fwd --fn shade
// cuad: fwd --fn shade_f
// cuad: --fn shade
// A small __device__ function library (soft clamps, a smooth step through erf, a log-sum,
// polar coordinates) called from kernels: pow, atan2, hypot, fmin/fmax, fabs, erf, tanh,
// log1p, expm1, cbrt, rsqrt, in double (1, and reverse mode in 3) and as the float
// functions (2: powf, atan2f, hypotf, fminf, fmaxf, fabsf, erff, tanhf, log1pf, expm1f,
// cbrtf, rsqrtf). Helpers call helpers; one returns through a reference.
namespace lib {
__device__ double soft_clamp(double v, double lo, double hi) {
  return fmin(fmax(v, lo), hi) + 0.05 * tanh(v);
}
__device__ double smooth_step(double v, double width) {
  return 0.5 * (1.0 + erf(v / (width * 1.4142135623730951)));
}
__device__ double log_sum(double a, double b) { return log1p(expm1(a) + expm1(b) + 1.0); }
__device__ void to_polar(double x, double y, double& r, double& th) {
  r = hypot(x, y);
  th = atan2(y, x);
}
__device__ double gain(double v, double g) { return pow(fabs(v) + 0.5, g) * rsqrt(1.0 + v * v); }
}  // namespace lib

__global__ void shade(int n, const double* x, const double* y, const double* g, double k,
                      double* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double r, th;
  lib::to_polar(x[i], y[i], r, th);
  const double a = lib::soft_clamp(k * r, 0.2, 1.5);
  const double b = lib::smooth_step(th - 0.3, 0.8) * cbrt(x[i] * y[i] + 2.0);
  const double c = lib::log_sum(0.3 * a, 0.2 * b);
  out[2 * i] = c * lib::gain(x[i] - y[i], g[i]);
  out[2 * i + 1] = a * b + fmax(c, 0.4 * a) - fmin(r, 1.0);
}

namespace libf {
__device__ float soft_clamp(float v, float lo, float hi) {
  return fminf(fmaxf(v, lo), hi) + 0.05f * tanhf(v);
}
__device__ float smooth_step(float v, float width) {
  return 0.5f * (1.0f + erff(v / (width * 1.41421356f)));
}
__device__ float log_sum(float a, float b) { return log1pf(expm1f(a) + expm1f(b) + 1.0f); }
__device__ void to_polar(float x, float y, float& r, float& th) {
  r = hypotf(x, y);
  th = atan2f(y, x);
}
__device__ float gain(float v, float g) { return powf(fabsf(v) + 0.5f, g) * rsqrtf(1.0f + v * v); }
}  // namespace libf

__global__ void shade_f(int n, const float* x, const float* y, const float* g, float k,
                        float* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float r, th;
  libf::to_polar(x[i], y[i], r, th);
  const float a = libf::soft_clamp(k * r, 0.2f, 1.5f);
  const float b = libf::smooth_step(th - 0.3f, 0.8f) * cbrtf(x[i] * y[i] + 2.0f);
  const float c = libf::log_sum(0.3f * a, 0.2f * b);
  out[2 * i] = c * libf::gain(x[i] - y[i], g[i]);
  out[2 * i + 1] = a * b + fmaxf(c, 0.4f * a) - fminf(r, 1.0f);
}
