// cuad: --fn lj_shifted_force<2> --wrt pos,eps,sigma,force,energy
// cuad: fwd --fn lj_shifted_force<3> --wrt pos,eps,sigma,force,energy
// A dimension-generic Lennard-Jones code (the same source runs 2-D monolayers and 3-D bulk):
// VecN<D> is a struct template holding a fixed-size array with member operators (+=, -, *,
// dot via a free function template, operator[]), positions are stored as VecN<D> arrays,
// and the kernel is a template on D. The potential is the shifted-force LJ (energy and force
// both go to zero at the cutoff), the periodic box is a VecN<D> of edge lengths (minimum
// image with floor(d / L + 0.5)), the neighbour list is CSR with a skin. Per-atom energies
// get half of each pair; eps and sigma are scalars.
#include <cuda_runtime.h>

template <int D>
struct VecN {
  double c[D];
  __host__ __device__ double& operator[](int k) { return c[k]; }
  __host__ __device__ double operator[](int k) const { return c[k]; }
  __host__ __device__ VecN operator-(const VecN& o) const {
    VecN r;
    for (int k = 0; k < D; ++k) r.c[k] = c[k] - o.c[k];
    return r;
  }
  __host__ __device__ VecN operator*(double s) const {
    VecN r;
    for (int k = 0; k < D; ++k) r.c[k] = c[k] * s;
    return r;
  }
  __host__ __device__ VecN& operator+=(const VecN& o) {
    for (int k = 0; k < D; ++k) c[k] += o.c[k];
    return *this;
  }
};

template <int D>
__host__ __device__ double dot(const VecN<D>& a, const VecN<D>& b) {
  double s = 0.0;
  for (int k = 0; k < D; ++k) s += a[k] * b[k];
  return s;
}

template <int D>
__device__ VecN<D> min_image(VecN<D> d, const VecN<D>& L) {
  for (int k = 0; k < D; ++k) d[k] -= L[k] * floor(d[k] / L[k] + 0.5);
  return d;
}

template <int D>
__global__ void lj_shifted_force(int n, const VecN<D>* __restrict__ pos, const int* __restrict__ nl_start,
                                 const int* __restrict__ nl_idx, VecN<D> box, double eps, double sigma, double rc,
                                 VecN<D>* __restrict__ force, double* __restrict__ energy) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  // shifted-force constants at the cutoff
  const double src6 = pow(sigma / rc, 6.0);
  const double e_c = 4.0 * eps * (src6 * src6 - src6);
  const double f_c = 24.0 * eps * (2.0 * src6 * src6 - src6) / rc;
  VecN<D> f;
  for (int k = 0; k < D; ++k) f[k] = 0.0;
  double e = 0.0;
  for (int m = nl_start[i]; m < nl_start[i + 1]; ++m) {
    const VecN<D> d = min_image(pos[i] - pos[nl_idx[m]], box);
    const double r2 = dot(d, d);
    if (r2 >= rc * rc) continue;
    const double r = sqrt(r2);
    const double s6 = pow(sigma * sigma / r2, 3.0);
    const double fr = 24.0 * eps * (2.0 * s6 * s6 - s6) / r - f_c;  // -dE/dr
    f += d * (fr / r);
    e += 0.5 * (4.0 * eps * (s6 * s6 - s6) - e_c + (r - rc) * f_c);
  }
  force[i] = f;
  energy[i] = e;
}
