// cuad: fwd --fn relax
// cuad: --fn relax
// Locals that shadow a local or a parameter of an enclosing scope (`t` in a loop body, `w`
// in an inner block, `s` in a device function's loop) and sibling scopes that reuse a name:
// each declaration is its own variable (hoisting must not merge a shadowing local with the
// one it hides). 2: the same kernel in reverse mode.
__device__ double smooth(double s, int m) {
  double acc = s;
  for (int k = 0; k < m; ++k) {
    double s = acc * 0.5 + k;  // shadows the parameter
    acc += s * s * 0.01;
  }
  return acc + s;
}
__global__ void relax(int n, const double* x, double w, double* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double t = x[i] * w;
  double acc = 0.0;
  for (int k = 0; k < 3; ++k) {
    double t = x[i] + 0.1 * k;  // shadows the outer t
    acc += t * t;
    {
      double w = t * acc;  // shadows the parameter
      acc += 0.01 * w;
    }
  }
  {
    double u = t * 2.0;
    acc += u;
  }
  {
    double u = acc * 0.5;  // a sibling scope's local of the same name
    acc += u * t;
  }
  y[i] = acc + t * w + smooth(x[i], 2);
}
