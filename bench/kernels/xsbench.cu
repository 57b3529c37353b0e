// Workload 5: macroscopic cross-section lookup in the style of XSBench (nuclide-grid mode).
// For each lookup (energy, material): for every nuclide of the material, binary-search the
// nuclide's sorted energy grid, interpolate its five cross sections linearly between the
// bracketing grid points, and add them weighted by the nuclide's concentration.
// The gradient w.r.t. the nuclide grid scatters into an array shared by all lookups.
// Differentiated with: cuad grad xsbench.cu --fn xs_lookup --wrt macro_xs,grid

struct NuclideGridPoint {
  float energy;
  float total_xs;
  float elastic_xs;
  float absorbtion_xs;
  float fission_xs;
  float nu_fission_xs;
};

// Index lo in [base, base + n - 2] with grid[lo].energy <= e < grid[lo + 1].energy.
__device__ int grid_search(const NuclideGridPoint* grid, int base, int n, float e) {
  int lo = base;
  int hi = base + n - 1;
  while (hi - lo > 1) {
    int mid = (lo + hi) / 2;
    if (grid[mid].energy > e) {
      hi = mid;
    } else {
      lo = mid;
    }
  }
  return lo;
}

// Interpolated microscopic cross sections of one nuclide at energy e.
__device__ void micro_xs(const NuclideGridPoint* grid, int lo, float e, float* xs) {
  float f = (grid[lo + 1].energy - e) / (grid[lo + 1].energy - grid[lo].energy);
  xs[0] = grid[lo + 1].total_xs - f * (grid[lo + 1].total_xs - grid[lo].total_xs);
  xs[1] = grid[lo + 1].elastic_xs - f * (grid[lo + 1].elastic_xs - grid[lo].elastic_xs);
  xs[2] = grid[lo + 1].absorbtion_xs - f * (grid[lo + 1].absorbtion_xs - grid[lo].absorbtion_xs);
  xs[3] = grid[lo + 1].fission_xs - f * (grid[lo + 1].fission_xs - grid[lo].fission_xs);
  xs[4] = grid[lo + 1].nu_fission_xs - f * (grid[lo + 1].nu_fission_xs - grid[lo].nu_fission_xs);
}

__global__ void xs_lookup(float* macro_xs, const NuclideGridPoint* grid, const int* mat_nucs,
                          const float* mat_conc, const int* num_nucs, const float* energies,
                          const int* mats, int n_gridpoints, int max_nucs, int lookups) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= lookups) {
    return;
  }
  float e = energies[i];
  int m = mats[i];
  float acc[5];
  for (int k = 0; k < 5; ++k) {
    acc[k] = 0.0f;
  }
  for (int j = 0; j < num_nucs[m]; ++j) {
    int nuc = mat_nucs[m * max_nucs + j];
    float conc = mat_conc[m * max_nucs + j];
    int lo = grid_search(grid, nuc * n_gridpoints, n_gridpoints, e);
    float xs[5];
    micro_xs(grid, lo, e, xs);
    for (int k = 0; k < 5; ++k) {
      acc[k] += conc * xs[k];
    }
  }
  for (int k = 0; k < 5; ++k) {
    macro_xs[i * 5 + k] = acc[k];
  }
}
