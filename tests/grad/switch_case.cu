// cuad: --fn choose --wrt x
// switch with break, fall-through, a block-scoped case and default.
__host__ __device__ double choose(int mode, double x) {
  double r = x;
  switch (mode) {
    case 0:
      r = x * x;
      break;
    case 1:
      r = 3.0 * x;  // falls through
    case 2:
      r += sin(x);
      break;
    case 3: {
      double t = x + 1.0;
      r = t * t * t;
      break;
    }
    default:
      r = -x;
  }
  return r * x;
}
