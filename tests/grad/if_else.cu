// cuad: --fn piecewise --wrt x,y
// if / else if / else chains with a nested if.
__host__ __device__ double piecewise(double x, double y) {
  double r;
  if (x > 1.0) {
    r = x * y;
  } else if (x > -0.5) {
    r = sin(x) + y * y;
    if (y < 0.0) r *= 2.0;
  } else {
    r = exp(x) - y;
  }
  return r * x;
}
