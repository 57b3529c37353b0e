// cuad: --fn gauss_core_energy --wrt pos,eps,sigma,energy,wrapped
// cuad: fwd --fn gauss_core_energy --wrt pos,eps,sigma,energy,wrapped
// A Gaussian-core model in a triclinic-free (orthorhombic) periodic box, written by someone
// who collects minimum-image idioms: x with remainder(), y with nearbyint(), z with the
// copysign/trunc form (d - L * trunc(d / L + copysign(0.5, d))). Each atom's wrapped
// coordinates are stored with fmod (plus L for negatives). Pair energies of the half list
// (j > i) go into per-block shared partial sums, then one atomicAdd per block.
#include <cuda_runtime.h>
#include <cmath>

__device__ double image_x(double d, double L) { return remainder(d, L); }
__device__ double image_y(double d, double L) { return d - L * nearbyint(d / L); }
__device__ double image_z(double d, double L) { return d - L * trunc(d / L + copysign(0.5, d)); }

__global__ void gauss_core_energy(const double* __restrict__ pos, int n, double3 box, double eps, double sigma,
                                  double* __restrict__ energy, double* __restrict__ wrapped) {
  __shared__ double part[64];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  double e = 0.0;
  if (i < n) {
    const double inv2s2 = 0.5 / (sigma * sigma);
    for (int j = i + 1; j < n; ++j) {
      const double dx = image_x(pos[3 * i] - pos[3 * j], box.x);
      const double dy = image_y(pos[3 * i + 1] - pos[3 * j + 1], box.y);
      const double dz = image_z(pos[3 * i + 2] - pos[3 * j + 2], box.z);
      e += eps * exp(-(dx * dx + dy * dy + dz * dz) * inv2s2);
    }
    const double L[3] = {box.x, box.y, box.z};
    for (int d = 0; d < 3; ++d) {
      double w = fmod(pos[3 * i + d], L[d]);
      if (w < 0.0) w += L[d];
      wrapped[3 * i + d] = w;
    }
  }
  part[threadIdx.x] = e;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(energy, part[0]);
}
