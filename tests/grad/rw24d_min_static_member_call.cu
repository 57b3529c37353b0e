// cuad: --fn lj_energies
// cuad: fwd --fn lj_energies
// Minimal: a potential policy struct whose static member function calls a sibling static
// member function unqualified (`pow6(...)` inside `LJ::energy`), ordinary C++. cuad refuses:
// "no derivative for `pow6`: it has no body here and no custom derivative" (it does have a
// body: LJ::pow6). Writing `LJ::pow6(...)` is accepted and correct.
#include <cuda_runtime.h>

struct LJ {
  __device__ static double pow6(double s2) { return s2 * s2 * s2; }
  __device__ static double energy(double r2, double eps, double sig) {
    const double s6 = pow6(sig * sig / r2);
    return 4.0 * eps * (s6 * s6 - s6);
  }
};

__global__ void lj_energies(const double* __restrict__ r2, double eps, double sig, double* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = LJ::energy(r2[i], eps, sig);
}
