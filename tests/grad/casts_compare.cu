// cuad: --fn casts --wrt x,y
// Integer casts carry no derivative; comparisons and logical operators pick branches.
__host__ __device__ double casts(double x, double y) {
  int k = (int)(x * 4.0);
  long m = static_cast<long>(y) + 2;
  double s = k * y + m * x;
  bool bigger = x >= y;
  if (bigger && k != 0) s += x * x;
  if (!(x < 0.0) || y <= -1.0) s -= y * (double)k;
  double t = (double)(x * y);
  return s + t + (x == y ? 1.0 : 0.0);
}
