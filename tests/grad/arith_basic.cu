// cuad: --fn arith --wrt x,y
// Arithmetic, unary minus, compound assignment and the conditional operator.
__host__ __device__ double arith(double x, double y) {
  double t = x * y - x / (y * y + 1.0);
  t += 3.0 * x;
  t -= -y;
  t *= 0.5 + x;
  t /= 2.0 + y * y;
  double u = (x > y) ? t * x : t - y * y;
  return -u + (t + 1.0) * (x - 2.0 * y);
}
