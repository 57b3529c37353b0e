// cuad: --fn use_softplus --wrt y,x,xf,b
// A custom pullback for a device helper called from a kernel (and from another helper), for a
// helper with a pointer parameter, for a float helper, and one for a body-less declared helper.
__device__ double softplus(double v) { return log1p(exp(v)); }
__device__ double smooth_abs(double v);  // no body: the custom derivative supplies it
__device__ float halfsq(float v) { return 0.5f * v * v; }
__device__ double wsum(const double* p, double k) { return p[0] * k + p[1]; }
__device__ double wrap(double v) { return 2.0 * softplus(v * v); }

namespace cuad {
namespace custom_derivatives {
__device__ void softplus_pullback(double v, double _d_y, double* _d_v) {
  *_d_v += _d_y / (1.0 + exp(-v));
}
__device__ void smooth_abs_pullback(double v, double _d_y, double* _d_v) {
  *_d_v += _d_y * v / sqrt(v * v + 0.01);
}
__device__ void halfsq_pullback(float v, float _d_y, float* _d_v) { *_d_v += _d_y * v; }
__device__ void wsum_pullback(const double* p, double k, double _d_y, double* _d_p, double* _d_k) {
  _d_p[0] += _d_y * k;
  _d_p[1] += _d_y;
  *_d_k += _d_y * p[0];
}
}  // namespace custom_derivatives
}  // namespace cuad

__device__ double smooth_abs(double v) { return sqrt(v * v + 0.01); }

__global__ void use_softplus(double* y, const double* x, const float* xf, double b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double v = x[2 * i];
    y[i] = softplus(v * b) + wrap(v) + smooth_abs(v - b) + (double)halfsq(xf[i]) +
           wsum(&x[2 * i], b) * y[i];
  }
}
