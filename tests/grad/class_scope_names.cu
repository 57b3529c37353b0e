// cuad: --fn energies
// cuad: fwd --fn energies
// Member functions naming their class's scope unqualified, as C++ allows: a static member
// function reading a static constexpr member, an enumerator and a member type alias (in its
// signature too) and calling a sibling static member function; a non-static method using the
// enumerator. Their derivatives are free functions, so these names are qualified there
// (`Pot::a`, `Pot::NT`, `Pot::real`, `Pot::cube`), also inside a namespace.
#include <cuda_runtime.h>

namespace md {
struct Pot {
  enum { NT = 3 };
  using real = double;
  static constexpr real a = 0.75;
  double w;
  __device__ static real cube(real s) { return s * s * s; }
  __device__ static real series(real x) {
    real t = 1.0, s = 0.0;
    for (int k = 0; k < NT; ++k) {
      t = t * x / (a + k);
      s = s + t;
    }
    return cube(s) / (a + x * x);
  }
  __device__ real weighted(real x) const {
    real s = 0.0;
    for (int k = 1; k <= NT; ++k) s = s + w * x / k;
    return s * series(x);
  }
};
}  // namespace md

__global__ void energies(const double* __restrict__ x, md::Pot p, double* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = md::Pot::series(x[i]) + p.weighted(x[i]);
}
