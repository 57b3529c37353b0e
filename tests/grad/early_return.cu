// cuad: --fn early --wrt x,y
// return from inside a loop and from a branch.
__host__ __device__ double early(double x, double y) {
  double s = x;
  for (int i = 0; i < 10; ++i) {
    s = s * y + 0.1;
    if (s > 2.0) return s * x;
  }
  if (y < 0.0) return -s;
  return s + x * y;
}
