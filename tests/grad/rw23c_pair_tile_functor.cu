// cuad: --fn pair_energy<LennardJones,32> --wrt pos,pot,energy
// cuad: --fn pair_energy<Morse,32> --wrt pos,pot,energy
// cuad: fwd --fn pair_energy<Morse,32> --wrt pos,pot,energy
// A molecular-dynamics energy kernel: all-pairs interactions through shared-memory tiles of
// double3 positions (TILE a non-type template parameter), with the pair potential a functor
// template argument. Each functor holds a nested `Cutoff` struct (with a smoothing member
// function that returns early inside the inner radius) next to its own parameters and
// returns early beyond the cutoff; Morse calls a static member helper. Every thread of the
// last block helps load tiles even when it has no particle of its own.
#include <cuda_runtime.h>

struct Cutoff {
  double rc;  // the potential is zero beyond rc
  double rs;  // and smoothly switched off between rs and rc
  __device__ double smooth(double r) const {
    if (r <= rs) return 1.0;
    const double t = (r - rs) / (rc - rs);
    return 1.0 - t * t * (3.0 - 2.0 * t);
  }
};

struct LennardJones {
  Cutoff cut;
  double eps, sigma;
  __device__ double operator()(double r2) const {
    if (r2 >= cut.rc * cut.rc) return 0.0;
    const double s2 = sigma * sigma / r2;
    const double s6 = s2 * s2 * s2;
    return 4.0 * eps * (s6 * s6 - s6) * cut.smooth(sqrt(r2));
  }
};

struct Morse {
  Cutoff cut;
  double D, a, r0;
  static __device__ double well(double D, double x) { return D * (x * x - 2.0 * x); }
  __device__ double operator()(double r2) const {
    if (r2 >= cut.rc * cut.rc) return 0.0;
    const double r = sqrt(r2);
    return well(D, exp(-a * (r - r0))) * cut.smooth(r);
  }
};

template <typename Pot, int TILE>
__global__ void pair_energy(const double3* __restrict__ pos, Pot pot, double* __restrict__ energy, int n) {
  __shared__ double3 tile[TILE];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const double3 pi = i < n ? pos[i] : make_double3(0.0, 0.0, 0.0);
  double e = 0.0;
  for (int start = 0; start < n; start += TILE) {
    const int j = start + threadIdx.x;
    if (j < n) tile[threadIdx.x] = pos[j];
    __syncthreads();
    const int cnt = min(TILE, n - start);
    for (int k = 0; k < cnt; ++k) {
      if (start + k == i) continue;
      const double dx = tile[k].x - pi.x, dy = tile[k].y - pi.y, dz = tile[k].z - pi.z;
      e += 0.5 * pot(dx * dx + dy * dy + dz * dz);
    }
    __syncthreads();
  }
  if (i < n) energy[i] = e;
}
