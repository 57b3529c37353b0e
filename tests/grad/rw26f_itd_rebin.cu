// cuad: --fn itd_step --wrt area_vol,growth,out
// cuad: fwd --fn itd_step --wrt area_vol,growth,out
// Sea-ice thickness distribution (ITD) bookkeeping for one grid cell per thread: NCAT
// categories, each an (area, volume) pair loaded as a double2. Thermodynamic growth (m/day) moves
// each category's mean thickness; the categories are then re-sorted by thickness with an
// insertion sort (a swap helper template on local arrays, data-dependent permutation), and a small
// device lambda that captures the local arrays by reference transfers area and volume
// between neighbouring categories whose thickness left its bounds (ternary lvalues choose the
// receiving category). A reference to the thinnest category takes the open-water
// correction. Outputs are the category areas and volumes and the mean thickness.
#include <cuda_runtime.h>

#define NCAT 5

template <class T>
__device__ __forceinline__ void swap_vals(T& x, T& y) {
  const T t = x;
  x = y;
  y = t;
}

__constant__ double c_hbnd[NCAT + 1] = {0.0, 0.6, 1.4, 2.4, 3.6, 1e30};

__global__ void itd_step(int ncell, const double2* __restrict__ area_vol,
                         const double* __restrict__ growth, double dt, double* __restrict__ out) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncell) return;
  double a[NCAT], v[NCAT], h[NCAT];
  for (int k = 0; k < NCAT; ++k) {
    const double2 av = area_vol[c * NCAT + k];
    a[k] = av.x;
    v[k] = av.y;
  }
  // growth: thickness changes at a rate depending on thickness (thin ice grows faster)
  for (int k = 0; k < NCAT; ++k) {
    const double hk = v[k] / a[k];
    const double dh = growth[c] * dt / (1.0 + hk);
    v[k] += a[k] * dh;
    h[k] = v[k] / a[k];
  }
  // insertion sort by thickness
  for (int k = 1; k < NCAT; ++k) {
    for (int m = k; m > 0 && h[m - 1] > h[m]; --m) {
      swap_vals(h[m - 1], h[m]);
      swap_vals(a[m - 1], a[m]);
      swap_vals(v[m - 1], v[m]);
    }
  }
  // move a fraction of any category outside its bounds to the neighbour it drifted towards
  auto transfer = [&](int from, int to, double frac) {
    const double da = frac * a[from], dv = frac * v[from];
    a[from] -= da;
    v[from] -= dv;
    a[to] += da;
    v[to] += dv;
  };
  for (int k = 0; k < NCAT; ++k) {
    const double hk = v[k] / a[k];
    const bool too_thin = k > 0 && hk < c_hbnd[k];
    const bool too_thick = k < NCAT - 1 && hk > c_hbnd[k + 1];
    if (too_thin || too_thick) {
      int dst = k;
      (too_thin ? dst : dst) += too_thin ? -1 : 1;
      const double excess = too_thin ? (c_hbnd[k] - hk) / c_hbnd[k] : (hk - c_hbnd[k + 1]) / c_hbnd[k + 1];
      transfer(k, dst, 0.5 * excess / (1.0 + excess));
    }
  }
  // open water: the thinnest category loses area where it is very thin (volume kept)
  double& a0 = a[0];
  const double h0 = v[0] / a0;
  if (h0 < 0.3) a0 *= h0 / 0.3;
  double atot = 0.0, vtot = 0.0;
  for (int k = 0; k < NCAT; ++k) {
    out[c * (2 * NCAT + 1) + k] = a[k];
    out[c * (2 * NCAT + 1) + NCAT + k] = v[k];
    atot += a[k];
    vtot += v[k];
  }
  out[c * (2 * NCAT + 1) + 2 * NCAT] = vtot / atot;
}
