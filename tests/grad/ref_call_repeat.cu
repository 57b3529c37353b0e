// cuad: --fn k
// cuad: fwd --fn k
// cuad: --fn host
// cuad: fwd --fn host
// A helper assigning a variable through a reference called twice in one expression
// (`nxt(s) * nxt(s)`): two values, each call's own (both calls read as the first one's value
// before); and in a host function's loop (its calls were neither hoisted nor saved).
__host__ __device__ double nxt(double& s) {
  s = s * 1.5 + 0.1 * s * s;
  return s;
}
__device__ double two(double& s) { return nxt(s) * nxt(s); }

__global__ void k(const double* x, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double s = x[i];
    out[i] = two(s) + s;
  }
}

double host(double x, int n) {
  double s = x, t = 0;
  for (int i = 0; i < n; ++i) {
    double a = nxt(s);
    t += a * nxt(s);
  }
  return t + s;
}
