// cuad: --fn advance_particles<3> --wrt ps,gradv,energy
// cuad: fwd --fn advance_particles<2> --wrt ps,gradv,energy
// Particle state as an array of structs templated on dimension, updated in place through a
// reference into global memory by member functions that mutate *this: kick (gravity),
// deform (F <- (I + dt grad v) F through a local copy), drift, then a const method for the
// kinetic energy. A det<D> helper picks its formula with if constexpr; the energy adds a
// volumetric penalty k (J - 1)^2 and a viscous term on the velocity gradient.
#include <cuda_runtime.h>

template <int D>
__device__ double det(const double (&A)[D][D]) {
  if constexpr (D == 2) {
    return A[0][0] * A[1][1] - A[0][1] * A[1][0];
  } else {
    return A[0][0] * (A[1][1] * A[2][2] - A[1][2] * A[2][1]) - A[0][1] * (A[1][0] * A[2][2] - A[1][2] * A[2][0]) +
           A[0][2] * (A[1][0] * A[2][1] - A[1][1] * A[2][0]);
  }
}

template <int D>
struct Particle {
  double x[D], v[D];
  double F[D][D];
  double mass;

  __device__ void kick(double dt) { v[D - 1] -= 9.8 * dt; }
  __device__ void deform(const double (&L)[D][D], double dt) {
    double Fn[D][D];
    for (int i = 0; i < D; ++i)
      for (int j = 0; j < D; ++j) {
        double s = F[i][j];
        for (int k = 0; k < D; ++k) s += dt * L[i][k] * F[k][j];
        Fn[i][j] = s;
      }
    for (int i = 0; i < D; ++i)
      for (int j = 0; j < D; ++j) F[i][j] = Fn[i][j];
  }
  __device__ void drift(double dt) {
    for (int d = 0; d < D; ++d) x[d] += dt * v[d];
  }
  __device__ double kinetic() const {
    double s = 0.0;
    for (int d = 0; d < D; ++d) s += v[d] * v[d];
    return 0.5 * mass * s;
  }
};

template <int D>
__global__ void advance_particles(int n, Particle<D>* ps, const double* __restrict__ gradv, double dt, double k,
                                  double visc, double* __restrict__ energy) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Particle<D>& p = ps[i];
  double L[D][D];
  double shear = 0.0;
  for (int a = 0; a < D; ++a)
    for (int b = 0; b < D; ++b) {
      L[a][b] = gradv[(i * D + a) * D + b];
      shear += L[a][b] * L[a][b];
    }
  p.kick(dt);
  p.deform(L, dt);
  p.drift(dt);
  const double J = det<D>(p.F);
  energy[i] = p.kinetic() + k * (J - 1.0) * (J - 1.0) + visc * p.mass * shear;
}
