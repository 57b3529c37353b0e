// cuad: --fn push_particles --wrt x0,v0,drag,xout
// cuad: fwd --fn push_particles --wrt x0,v0,drag,xout
// A dust-particle pusher from a plasma code: positions and velocities in a Vec3 with the
// usual `operator[]` pair returning `(&x)[k]` (fields viewed as an array) so that per-axis
// loops can be written, const references to the gravity vector, and a pass-by-reference
// helper that applies a semi-implicit quadratic drag component by component
// (v_k <- v_k / (1 + c dt v_k^2)), overwriting each component with a nonlinear function of
// itself; positions are advanced per axis through the same operator.
#include <cuda_runtime.h>

struct Vec3 {
  double x, y, z;
  __device__ double& operator[](int k) { return (&x)[k]; }
  __device__ const double& operator[](int k) const { return (&x)[k]; }
};

__device__ void apply_drag(Vec3& v, double c, double dt) {
  for (int k = 0; k < 3; ++k) v[k] = v[k] / (1.0 + c * dt * v[k] * v[k]);
}

__device__ void accelerate(Vec3& v, const Vec3& g, double dt) {
  for (int k = 0; k < 3; ++k) v[k] += g[k] * dt;
}

__global__ void push_particles(const double* __restrict__ x0, const double* __restrict__ v0,
                               const double* __restrict__ drag, Vec3 gravity, double dt, int steps,
                               double* __restrict__ xout, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Vec3 x{x0[3 * i], x0[3 * i + 1], x0[3 * i + 2]};
  Vec3 v{v0[3 * i], v0[3 * i + 1], v0[3 * i + 2]};
  const double c = drag[i];
  for (int s = 0; s < steps; ++s) {
    accelerate(v, gravity, dt);
    apply_drag(v, c, dt);
    for (int k = 0; k < 3; ++k) x[k] += v[k] * dt;
  }
  for (int k = 0; k < 3; ++k) xout[3 * i + k] = x[k];
}
