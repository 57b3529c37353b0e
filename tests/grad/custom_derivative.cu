// cuad: --fn use_custom --wrt x,y,v
// User-provided pullbacks in cuad::custom_derivatives replace differentiation of the bodies.
// The host side counts their calls so the driver can tell that they were used.
static int custom_calls = 0;

__host__ __device__ double softsign(double x, double y) { return x / (1.0 + fabs(x)) * y; }

__host__ __device__ double first_sq(const double* v) { return v[0] * v[0] + v[1]; }

namespace cuad {
namespace custom_derivatives {
__host__ __device__ void softsign_pullback(double x, double y, double _d_y0, double* _d_x,
                                           double* _d_y) {
#ifndef __CUDA_ARCH__
  ++custom_calls;
#endif
  double d = 1.0 + fabs(x);
  *_d_x += _d_y0 * y / (d * d);
  *_d_y += _d_y0 * x / d;
}

__host__ __device__ void first_sq_pullback(const double* v, double _d_y0, double* _d_v) {
#ifndef __CUDA_ARCH__
  ++custom_calls;
#endif
  _d_v[0] += 2.0 * v[0] * _d_y0;
  _d_v[1] += _d_y0;
}
}  // namespace custom_derivatives
}  // namespace cuad

__host__ __device__ double use_custom(double x, double y, const double* v) {
  return softsign(x * y, y) + softsign(x, 2.0) * first_sq(v);
}
