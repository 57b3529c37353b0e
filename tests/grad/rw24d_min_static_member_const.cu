// cuad: --fn soft_square
// cuad: fwd --fn soft_square
// Minimal: a policy struct's *static* member function reads a static constexpr data member
// of its class unqualified (`a`). The generated pullback / pushforward is a free function
// (Soft_f_pullback) that still writes `a` unqualified: g++/nvcc error "'a' was not declared
// in this scope". (A non-static member function gets `Soft::a`, correctly.)
#include <cuda_runtime.h>

struct Soft {
  static constexpr double a = 0.5;
  __device__ static double f(double x) { return x * x / (a + x); }
};

__global__ void soft_square(const double* __restrict__ x, double* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = Soft::f(x[i]);
}
