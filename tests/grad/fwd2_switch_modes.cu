// cuad: fwd --fn activate
// switch on a per-element mode with a fallthrough, a block-scoped local in a case and a
// default, inside a loop over features; early return past the end.
__global__ void activate(double* out, const double* x, const int* mode, double alpha, int n,
                         int f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double acc = 0.0;
  for (int k = 0; k < f; ++k) {
    double v = x[i * f + k];
    double r;
    switch (mode[(i + k) % 7]) {
      case 0:
        r = tanh(v);
        break;
      case 1:
        v = v * alpha;  // fallthrough: scale, then square
      case 2:
        r = v * v;
        break;
      case 3: {
        double e = exp(v);
        r = e / (1.0 + e);
        break;
      }
      case 4:
        r = alpha * sin(v);
        acc *= 0.5;
        break;
      default:
        r = v;
    }
    acc += r;
  }
  out[i] = acc;
}
