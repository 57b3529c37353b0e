// cuad: --fn split_step --wrt psi,V,out
// cuad: fwd --fn split_step --wrt psi,V,out
// Written for cuad in the style of a split-step Schroedinger / beam-propagation code: the field
// is `double2` complex numbers handled by hand-written `__host__ __device__` helpers (cmul,
// cexp of an imaginary phase, conj, abs2) instead of cuComplex, 64-bit `int64_t` indices,
// a `__constant__` propagation step, a batch of independent fields on `blockIdx.y`, a
// nonlinear phase |psi|^2 and a neighbour coupling read with periodic wrap-around.
#include <cstdint>

__constant__ double c_dz = 0.05;

struct __align__(16) cplx_dummy_t { double re, im; };  // unused: `__align__` in a struct

__host__ __device__ inline double2 cmul(double2 a, double2 b) {
  return make_double2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
__host__ __device__ inline double2 cexpi(double phi) { return make_double2(cos(phi), sin(phi)); }
__host__ __device__ inline double2 conj2(double2 a) { return make_double2(a.x, -a.y); }
__host__ __device__ inline double abs2(double2 a) { return a.x * a.x + a.y * a.y; }

__global__ void split_step(const double2* __restrict__ psi, const double* __restrict__ V,
                           double2* __restrict__ out, int64_t n, double gamma) {
  const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  const int64_t b = blockIdx.y;
  if (i >= n) return;
  const double2* __restrict__ f = psi + b * n;
  const double2 c = f[i];
  const double2 l = f[(i + n - 1) % n], r = f[(i + 1) % n];
  // coupling: c + i dz/2 (l + r - 2c)
  const double2 lap = make_double2(l.x + r.x - 2.0 * c.x, l.y + r.y - 2.0 * c.y);
  const double2 kin = make_double2(c.x - 0.5 * c_dz * lap.y, c.y + 0.5 * c_dz * lap.x);
  const double phase = -c_dz * (V[i] + gamma * abs2(c));
  double2 o = cmul(kin, cexpi(phase));
  // a reflection term with the conjugate, as in a counter-propagating beam
  o = make_double2(o.x + 0.1 * conj2(c).x, o.y + 0.1 * conj2(c).y);
  out[b * n + i] = o;
}
