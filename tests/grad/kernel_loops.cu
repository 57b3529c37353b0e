// cuad: --fn iterate --wrt out,in,c
// Per-thread loops in a kernel: a data-dependent while with break, a for with continue, and
// a do-while, inside a __device__ helper with an early return from its loop.
__device__ double damp(double v, double c) {
  for (int k = 0; k < 8; ++k) {
    v = v * c + 0.05;
    if (fabs(v) < 0.02) return v * 2.0;
  }
  return v;
}

__global__ void iterate(double* out, const double* in, double c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double v = in[i];
  int steps = 0;
  while (true) {
    if (v > 4.0 || steps == 6) break;
    v = v * 1.5 + c;
    ++steps;
  }
  double s = 0.0;
  for (int k = 0; k < 5; ++k) {
    if (k == i % 5) continue;
    s += v * k;
  }
  int r = 0;
  do {
    s = s * 0.5 + damp(v, c);
    ++r;
  } while (r < 2);
  out[i] = s;
}
