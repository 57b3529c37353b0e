// cuad: --fn integrate<DragForce> --wrt x,v
// cuad: fwd --fn integrate<DragForce> --wrt x,v
// Velocity-Verlet particle steps in a kernel template over a force functor (a struct with
// operator() const and a constructor), `using` alias for the scalar, constexpr step count,
// an overloaded __forceinline__ clamp helper (float/double), a struct returned by value.
#include <cmath>
using scalar = double;
constexpr int kSteps = 4;

__device__ __forceinline__ float limit(float v) { return v / (1.0f + fabsf(v)); }
__device__ __forceinline__ double limit(double v) { return v / (1.0 + fabs(v)); }

struct State { scalar x, v; };

struct DragForce {
  scalar k, c;
  __host__ __device__ DragForce(scalar k_, scalar c_) : k(k_), c(c_) {}
  __device__ scalar operator()(scalar x, scalar v) const { return -k * x - c * v * std::abs(v) + limit(x * v); }
};

template <class F>
__device__ State step(State s, scalar dt, const F& f) {
  const scalar a0 = f(s.x, s.v);
  State o;
  o.x = s.x + dt * s.v + 0.5 * dt * dt * a0;
  const scalar a1 = f(o.x, s.v + dt * a0);
  o.v = s.v + 0.5 * dt * (a0 + a1);
  return o;
}

template <class F>
__global__ void integrate(scalar* x, scalar* v, F force, scalar dt, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  State s{x[i], v[i]};
  for (int k = 0; k < kSteps; ++k) s = step(s, dt, force);
  x[i] = s.x;
  v[i] = s.v;
}
