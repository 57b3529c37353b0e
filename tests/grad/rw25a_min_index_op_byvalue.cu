// cuad: --fn k --wrt x,y
// Minimal: a small vector struct whose only subscript operator is the const one returning by
// value (`double operator[](int) const { return v[k]; }`), read on a local in a kernel.
// Reverse mode refuses: "cuad cannot tell where the adjoint of `d[c]` lives" (forward mode
// takes it; adding a non-const `double& operator[](int)` overload makes reverse mode take it).
#include <cuda_runtime.h>

struct V3 {
  double v[3];
  __host__ __device__ double operator[](int k) const { return v[k]; }
};

__global__ void k(const double* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  V3 d;
  d.v[0] = x[i];
  d.v[1] = x[i] * x[i];
  d.v[2] = 1.0;
  double s = 0.0;
  for (int c = 0; c < 3; ++c) s += d[c] * d[c];
  y[i] = s;
}
