// cuad: --fn k --wrt x,y
// cuad: fwd --fn k
// `continue` in `for` loops whose condition calls functions without effects: a math function
// (`j < min(n, m)`) and a user helper that only computes (`j < clamp_count(n, 6)`). Such
// conditions can be evaluated again like plain ones, so the loops need no rewrite (a
// `continue` used to be refused there, as if the call could change something).
__device__ int clamp_count(int n, int cap) { return n < cap ? n : cap; }

__global__ void k(const double* x, double* y, int n, int m) {
  const int i = threadIdx.x;
  double acc = 0.0;
  for (int j = 0; j < min(n, m); ++j) {
    if (j == 2) continue;
    acc += x[j] * x[i];
  }
  for (int j = 0; j < clamp_count(n, 6); j += 2) {
    if (x[j] < -0.9) continue;
    acc += sin(x[j] + x[i]);
  }
  y[i] = acc;
}
