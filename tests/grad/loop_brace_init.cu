// cuad: --fn k
// cuad: --fn k_arr
// cuad: fwd --fn k
// A struct (k) or a local array (k_arr) declared with a literal brace initializer inside a
// loop body, then accumulated with +=: each iteration starts again from the initializer. The
// gradient hoists the declaration but assigns the initializer where it stood (it used to keep
// it on the hoisted declaration, so later iterations started from earlier sums).
struct V2 { double a, b; };

__global__ void k(const double* x, double* y, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    V2 h{0.0, 0.0};
    h.a += x[i];
    h.b += x[i] * x[i];
    y[i] = h.a * h.b;
  }
}

__global__ void k_arr(const double* x, double* y, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    double h[2] = {0.0, 0.0};
    h[0] += x[i];
    h[1] += x[i] * x[i];
    y[i] = h[0] * h[1];
  }
}
