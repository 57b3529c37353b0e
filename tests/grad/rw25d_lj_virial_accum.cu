// cuad: --fn lj_energy_virial --wrt pos,eps,sig,out
// cuad: fwd --fn lj_energy_virial --wrt pos,eps,sig,out
// Lennard-Jones energy, per-atom forces and the virial tensor diagonal over a CSR neighbour
// list, written with small helper classes as an MD engine does: a Vec3 with operator[]
// returning a reference into its array member, an accumulator object whose non-const
// methods add a pair's energy and virial into its fields, and a per-pair-type parameter
// lookup through a class with a mixing-rule method (Lorentz-Berthelot). Shifted-force
// cutoff: e(r) - e(rc) - (r - rc) e'(rc). One thread per atom (full list, 1/2 on energy and
// virial); the accumulator's totals are written per atom.
#include <cuda_runtime.h>
#include <math.h>

struct Vec3 {
  double v[3];
  __device__ double& operator[](int k) { return v[k]; }
  __device__ double operator[](int k) const { return v[k]; }
  __device__ double norm2() const { return v[0] * v[0] + v[1] * v[1] + v[2] * v[2]; }
};

struct PairParams {
  const double* eps;
  const double* sig;
  __device__ void mix(int ti, int tj, double& e, double& s) const {
    e = sqrt(eps[ti] * eps[tj]);
    s = 0.5 * (sig[ti] + sig[tj]);
  }
};

struct Accum {
  double energy;
  double vir[3];
  __device__ void add_pair(double e, double fscal, const Vec3& d) {
    energy += 0.5 * e;
    for (int k = 0; k < 3; ++k) vir[k] += 0.5 * fscal * d[k] * d[k];
  }
};

__device__ inline void lj_terms(double r2, double e_ij, double s_ij, double& e, double& dedr_over_r) {
  const double s2 = s_ij * s_ij / r2;
  const double s6 = s2 * s2 * s2;
  e = 4.0 * e_ij * (s6 * s6 - s6);
  dedr_over_r = -24.0 * e_ij * (2.0 * s6 * s6 - s6) / r2;
}

__global__ void lj_energy_virial(int n, const double* __restrict__ pos, const int* __restrict__ type,
                                 const int* __restrict__ nbr_start, const int* __restrict__ nbr,
                                 const double* __restrict__ eps, const double* __restrict__ sig, double rc,
                                 double* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const PairParams pp{eps, sig};
  Accum acc = {0.0, {0.0, 0.0, 0.0}};
  Vec3 f;
  for (int k = 0; k < 3; ++k) f[k] = 0.0;
  for (int k = nbr_start[i]; k < nbr_start[i + 1]; ++k) {
    const int j = nbr[k];
    Vec3 d;
    for (int c = 0; c < 3; ++c) d[c] = pos[3 * i + c] - pos[3 * j + c];
    const double r2 = d.norm2();
    if (r2 > rc * rc) continue;
    double eij, sij;
    pp.mix(type[i], type[j], eij, sij);
    double e, g, ec, gc;
    lj_terms(r2, eij, sij, e, g);
    lj_terms(rc * rc, eij, sij, ec, gc);
    const double r = sqrt(r2);
    // shifted force: subtract the value and slope at the cutoff
    const double e_sf = e - ec - (r - rc) * gc * rc;
    const double fscal = -(g - gc * rc / r);
    acc.add_pair(e_sf, fscal, d);
    for (int c = 0; c < 3; ++c) f[c] += fscal * d[c];
  }
  out[7 * i] = acc.energy;
  for (int c = 0; c < 3; ++c) {
    out[7 * i + 1 + c] = f[c];
    out[7 * i + 4 + c] = acc.vir[c];
  }
}
