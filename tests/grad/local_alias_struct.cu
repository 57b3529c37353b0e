// cuad: --fn k
// A local of a class template instantiated with a block-scope alias (`P<acc_t> p;`) is a
// `P<double>` (it was hoisted as `P<acc_t> p;` before the alias and had no adjoint).
#include <cuda_runtime.h>

template <typename T>
struct P {
  T a;
};

__global__ void k(double* out, const double* in, int n) {
  using acc_t = double;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    P<acc_t> p;
    p.a = in[i];
    out[i] = p.a * p.a;
  }
}
