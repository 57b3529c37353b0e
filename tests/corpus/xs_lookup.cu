// XSBench-style macroscopic cross-section lookup: each thread draws an energy and a
// material, binary-searches every nuclide's energy grid, interpolates five reaction
// channels and accumulates density-weighted microscopic cross sections.
#include <cuda_runtime.h>

typedef struct {
  double energy;
  double total_xs;
  double elastic_xs;
  double absorbtion_xs;
  double fission_xs;
  double nu_fission_xs;
} NuclideGridPoint;

typedef struct {
  int n_isotopes;
  int n_gridpoints;
  int *num_nucs;     // nuclides per material
  int *mats;         // material -> nuclide ids, padded to max_num_nucs
  double *concs;     // material -> densities
  int max_num_nucs;
  NuclideGridPoint *nuclide_grid;
} SimulationData;

__device__ long grid_search_nuclide(long n, double quarry, const NuclideGridPoint *A, long low,
                                    long high) {
  long lowerLimit = low;
  long upperLimit = high;
  long length = upperLimit - lowerLimit;
  while (length > 1) {
    long examinationPoint = lowerLimit + (length / 2);
    if (A[examinationPoint].energy > quarry)
      upperLimit = examinationPoint;
    else
      lowerLimit = examinationPoint;
    length = upperLimit - lowerLimit;
  }
  return lowerLimit;
}

__device__ void calculate_micro_xs(double p_energy, int nuc, const SimulationData &sd,
                                   double *xs_vector) {
  const NuclideGridPoint *grid = sd.nuclide_grid + (long)nuc * sd.n_gridpoints;
  long idx = grid_search_nuclide(sd.n_gridpoints, p_energy, grid, 0, sd.n_gridpoints - 1);
  if (idx == sd.n_gridpoints - 1)
    idx--;
  const NuclideGridPoint &low = grid[idx];
  const NuclideGridPoint &high = grid[idx + 1];
  double f = (high.energy - p_energy) / (high.energy - low.energy);
  xs_vector[0] = high.total_xs - f * (high.total_xs - low.total_xs);
  xs_vector[1] = high.elastic_xs - f * (high.elastic_xs - low.elastic_xs);
  xs_vector[2] = high.absorbtion_xs - f * (high.absorbtion_xs - low.absorbtion_xs);
  xs_vector[3] = high.fission_xs - f * (high.fission_xs - low.fission_xs);
  xs_vector[4] = high.nu_fission_xs - f * (high.nu_fission_xs - low.nu_fission_xs);
}

__device__ void calculate_macro_xs(double p_energy, int mat, const SimulationData &sd,
                                   double *macro_xs) {
  for (int k = 0; k < 5; k++)
    macro_xs[k] = 0;
  for (int j = 0; j < sd.num_nucs[mat]; j++) {
    double xs_vector[5];
    int p_nuc = sd.mats[mat * sd.max_num_nucs + j];
    double conc = sd.concs[mat * sd.max_num_nucs + j];
    calculate_micro_xs(p_energy, p_nuc, sd, xs_vector);
    for (int k = 0; k < 5; k++)
      macro_xs[k] += xs_vector[k] * conc;
  }
}

__device__ double lcg_uniform(unsigned long long *seed) {
  *seed = 2806196910506780709ULL * (*seed) + 1ULL;
  return (double)(*seed >> 11) * (1.0 / 9007199254740992.0);
}

__global__ void xs_lookup_kernel(SimulationData sd, const double *energies, const int *materials,
                                 double *results, int lookups) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= lookups)
    return;
  double macro_xs[5];
  calculate_macro_xs(energies[i], materials[i], sd, macro_xs);
  double best = macro_xs[0];
  int best_k = 0;
  for (int k = 1; k < 5; k++) {
    if (macro_xs[k] > best) {
      best = macro_xs[k];
      best_k = k;
    }
  }
  results[i] = best + 1e-3 * best_k;
}
