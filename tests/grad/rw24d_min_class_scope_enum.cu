// cuad: --fn morse_series
// cuad: fwd --fn morse_series
// Minimal (generated code does not compile): a (non-static) member function uses an
// enumerator of its class scope (NTERMS) unqualified. The pullback / pushforward is emitted as
// a free function (Morse_energy_pullback) that keeps `NTERMS` unqualified: "'NTERMS' was not
// declared in this scope". (The member alias `real` is resolved here; in a *static* member
// function the alias is left unqualified too, and so is a static constexpr data member:
// rw24d_min_static_member_const.)
#include <cuda_runtime.h>

struct Morse {
  enum { NTERMS = 4 };
  using real = double;
  double a;
  // truncated expansion of 1 - exp(-a x)
  __device__ real energy(real x) const {
    real s = 0.0, t = -1.0;
    for (int k = 1; k <= NTERMS; ++k) {
      t *= -a * x / k;
      s += t;
    }
    return s * s;
  }
};

__global__ void morse_series(const double* __restrict__ x, Morse m, double* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = m.energy(x[i]);
}
