// cuad: fwd --fn k --wrt x,y
// Minimal: a struct with a member binary operator (V::operator-), used on values that carry
// no tangent (`V c = a - b;` from constants) next to active code. Forward mode writes the
// passive use as the free call `operator-(a, b)`, which does not exist for a member
// operator: g++/nvcc "no matching function for call to operator-(V&, V&)".
#include <cuda_runtime.h>

struct V {
  double x, y;
  __host__ __device__ V(double a, double b) : x(a), y(b) {}
  __host__ __device__ V operator-(const V& o) const { return V(x - o.x, y - o.y); }
};

__global__ void k(const double* x, double* y, double s, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const V a(1.0, s), b(0.5, 0.25);
  const V c = a - b;                 // passive
  const V p(x[i], x[i] * x[i]);
  const V d = p - c;                 // active
  y[i] = d.x * d.y;
}
