// cuad: fwd --fn f
// Forward mode of a scalar function with math calls, a local overwritten in place and a
// branch: f_pushforward returns the value and the directional derivative.
#include <cmath>
__host__ __device__ double f(double x, double y) {
  double z = sin(x) * exp(y) + log(1.0 + x * x);
  z = z * sqrt(y * y + 1.0) - atan2(y, x);
  if (z > 0.0) z = z + pow(x, 3.0) * tanh(y);
  else z = z - fmax(x, y) / (2.0 + cos(y));
  return z * z / (1.0 + z * z) + hypot(x, y);
}
