// cuad: --fn k --wrt x,y
// cuad: fwd --fn k
// Helpers that update a local array in place and return a status (`if (!chol_inplace(a))`,
// `bool ok = ...`, or the status ignored), with array parameters (`double a[2][2]`, a
// pointer to rows). The call's value carries no derivative but its stores do: the pullback
// and the pushforward run. (Before: both modes dropped the derivative through the array.)
#include <cuda_runtime.h>
#include <cmath>

__device__ bool sq_inplace(double a[2][2]) {
  a[0][0] = a[0][0] * a[0][0];
  a[1][1] = sin(a[1][1]) + a[0][0];
  return a[0][0] > 0.0;
}

__device__ int scale_rows(double r[3], double s) {
  for (int k = 0; k < 3; ++k) r[k] *= s;
  return 3;
}

__global__ void k(int n, const double* x, double* y) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  double a[2][2];
  a[0][0] = x[2 * t];
  a[0][1] = 0.0;
  a[1][0] = 0.0;
  a[1][1] = x[2 * t + 1];
  if (!sq_inplace(a)) return;
  double r[3] = {a[0][0], a[1][1], x[2 * t] * a[1][1]};
  bool ok = scale_rows(r, 1.5) == 3;
  scale_rows(r, a[1][1]);
  y[t] = ok ? r[0] + r[1] * r[2] + y[t] * r[0] : 0.0;
}
