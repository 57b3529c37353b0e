// cuad: fwd --fn k --wrt x,w,out
// Local arrays, pointers into them and into the inputs, a device function writing through
// a pointer, __ldg, and an early return.
__device__ void axpy3(double a, const double* p, double* q) {
  for (int j = 0; j < 3; ++j) q[j] = q[j] + a * p[j];
}

__global__ void k(int n, const double* x, const double* __restrict__ w, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double buf[3];
  for (int j = 0; j < 3; ++j) buf[j] = __ldg(&w[j]) * x[i];
  const double* row = x + i;
  double* b = buf;
  axpy3(row[0], w, b);
  double s = 0.0;
  for (int j = 0; j < 3; ++j) s += b[j] * b[j];
  if (s > 10.0) {
    out[i] = 10.0;
    return;
  }
  out[i] = s * *row;
}
