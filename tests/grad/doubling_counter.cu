// cuad: --fn doubling --wrt out,x
// A doubling counter (`s <<= 1`) that the reverse pass recomputes from the trip index, a
// branch on it (recomputed, not taped) and values carried from one iteration to the next.
__global__ void doubling(double* out, const double* x, int n, int limit) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double v = x[i];
    double acc = 0.0;
    for (int s = 1; s < limit; s <<= 1) {
      if (s > 4) {
        acc += v * s;
      } else {
        acc = acc * 0.5 + sin(v * s);
      }
      v = v * 0.9 + 0.01 * s * v * v;
    }
    out[i] = acc * v;
  }
}
