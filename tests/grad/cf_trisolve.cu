// cuad: --fn trisolve --wrt x,L,b
// Per-thread forward substitution with a lower-triangular matrix: the inner loop bound is the
// outer counter; the solution lives in a local array indexed by both counters.
#define NN 5
__global__ void trisolve(double* x, const double* L, const double* b, int nsys) {
  int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= nsys) return;
  const double* Ls = L + s * NN * NN;
  double y[NN];
  for (int r = 0; r < NN; ++r) {
    double acc = b[s * NN + r];
    for (int c = 0; c < r; ++c) acc -= Ls[r * NN + c] * y[c];
    y[r] = acc / Ls[r * NN + r];
  }
  for (int r = 0; r < NN; ++r) x[s * NN + r] = y[r];
}
