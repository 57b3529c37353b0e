// cuad: fwd --fn morse_energy
// cuad: fwd --fn morse_energy --wrt pos,depth,energy,group_e,pair_e
// Potential energy of particles on a ring with Morse pair terms to the next K particles
// (distance by hypot, periodic indices). Every thread of the grid takes part in the
// shuffles (threads past n contribute zero): a full-warp __shfl_down_sync tree whose lane 0
// atomicAdds the warp's sum into one energy scalar, a sub-warp reduction with width 8 whose
// leader writes its group's sum, and each pair's energy also scattered by atomicAdd into
// both particles' entries. The well depth is a differentiated scalar; the width a and
// equilibrium distance r0 come per particle. 2: w.r.t. positions and depth only.
#define K_NEIGH 3

__device__ double morse(double r, double depth, double a, double r0) {
  const double q = 1.0 - exp(-a * (r - r0));
  return depth * q * q;
}

__device__ double warp_sum(double v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}

__global__ void morse_energy(int n, const double* pos, const double* a, const double* r0,
                             double depth, double* energy, double* group_e, double* pair_e) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  double e = 0.0;
  if (i < n) {
    for (int k = 1; k <= K_NEIGH; ++k) {
      const int j = (i + k) % n;
      const double dx = pos[2 * j] - pos[2 * i];
      const double dy = pos[2 * j + 1] - pos[2 * i + 1];
      const double pe = morse(hypot(dx, dy), depth, 0.5 * (a[i] + a[j]), r0[i]);
      atomicAdd(&pair_e[i], 0.5 * pe);
      atomicAdd(&pair_e[j], 0.5 * pe);
      e += pe;
    }
  }
  const double total = warp_sum(e);
  if (lane == 0) atomicAdd(energy, total);
  double g = e * e;
  for (int off = 4; off > 0; off >>= 1) g += __shfl_down_sync(0xffffffffu, g, off, 8);
  if ((lane & 7) == 0) group_e[i / 8] = g;
}
