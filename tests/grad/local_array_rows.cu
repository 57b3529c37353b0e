// cuad: --fn stages --wrt x,out
// cuad: fwd --fn stages
// Rows of a local 2-D array and array fields of a local struct handed to a callee that
// writes through them (the Butcher-tableau pattern `rhs(p, tmp, k[st])`): the row decays to
// a pointer into the local array, whose adjoint row is passed alongside. (Before: the local
// stayed inactive and the derivative through it was silently zero.)
#include <cuda_runtime.h>
#include <cmath>

struct Stages {
  double f[3];
  double scale;
};

__device__ void rhs(double a, double b, double* f) {
  f[0] = a * b;
  f[1] = sin(a) + b;
  f[2] = a - b * b;
}

__global__ void stages(const double* x, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double k[2][3];
  Stages s;
  s.scale = 0.5;
  rhs(x[2 * i], x[2 * i + 1], k[0]);
  rhs(k[0][1], k[0][2], k[1]);
  rhs(k[1][0], x[2 * i], s.f);
  out[i] = k[0][0] + k[1][1] * k[0][2] + s.scale * s.f[1] * s.f[2] + out[i] * k[1][2];
}
