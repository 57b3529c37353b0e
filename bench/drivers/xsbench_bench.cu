// Driver for workload 5, XSBench-style cross-section lookup (kernels/xsbench.cu).
// No hand-written adjoint; the gradient w.r.t. the nuclide grid is checked against central
// differences (cross-section fields, on which the lookup is linear) and against an analytic
// host reference in double (energy fields, which enter through the interpolation factor).
#include "bench.cuh"
#include "materials.h"
#ifdef HAVE_CUAD
#include "xsbench_gen.cu"
#ifndef GRAD_FN
#define GRAD_FN xs_lookup_grad_0_1
#endif
#else
#include "../kernels/xsbench.cu"
#endif

namespace {

constexpr int kNuclides = 68;
constexpr int kGridPoints = 11303;
constexpr int kLookups = 1 << 21;
#ifdef HAVE_CUAD
constexpr int kFields = 6;  // floats per NuclideGridPoint

float field(const NuclideGridPoint& g, int f) { return reinterpret_cast<const float*>(&g)[f]; }

// Host copy of the lookup with the same search semantics as grid_search.
int host_search(const std::vector<NuclideGridPoint>& grid, int base, float e) {
  int lo = base, hi = base + kGridPoints - 1;
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (grid[mid].energy > e) hi = mid;
    else lo = mid;
  }
  return lo;
}

struct EnergyRef {
  double value;
  double abs_sum;  // sum of |terms|: scale for the tolerance of a float gradient
};

// d loss / d grid[g].energy in double: g is the low end of interval g and the high end of
// interval g - 1 (within its nuclide).
EnergyRef energy_adjoint(int g, const std::vector<NuclideGridPoint>& grid, const Materials& mats,
                         const std::vector<float>& energy, const std::vector<int>& mat_of,
                         const std::vector<float>& seed) {
  const int nuc = g / kGridPoints;
  EnergyRef r{0.0, 0.0};
  for (int i = 0; i < kLookups; ++i) {
    const int slot = nuclide_slot(mats, mat_of[i], nuc);
    if (slot < 0) continue;
    const double conc = static_cast<float>(mats.conc[mat_of[i] * mats.max_nucs + slot]);
    const float e = energy[i];
    const int lo = host_search(grid, nuc * kGridPoints, e);
    if (lo != g && lo != g - 1) continue;
    const NuclideGridPoint& L = grid[lo];
    const NuclideGridPoint& H = grid[lo + 1];
    const double w = (double)H.energy - L.energy;
    const double df = lo == g ? ((double)H.energy - e) / (w * w) : ((double)e - L.energy) / (w * w);
    for (int k = 0; k < 5; ++k) {
      const double term = -seed[5 * i + k] * conc * ((double)field(H, k + 1) - field(L, k + 1)) * df;
      r.value += term;
      r.abs_sum += std::fabs(term);
    }
  }
  return r;
}
#endif

}  // namespace

int main() {
  using namespace bench;
  Result r("xsbench");
  current_result() = &r;
  device_info(r);
  r.num("n", kLookups);
  r.num("nuclides", kNuclides);
  r.num("gridpoints", kGridPoints);

  // Nuclide grids: strictly increasing energies from 0 to 1, random cross sections.
  const size_t n_grid = (size_t)kNuclides * kGridPoints;
  std::vector<NuclideGridPoint> grid(n_grid);
  Rng rng(51);
  for (int nuc = 0; nuc < kNuclides; ++nuc)
    for (int j = 0; j < kGridPoints; ++j) {
      NuclideGridPoint& p = grid[(size_t)nuc * kGridPoints + j];
      const bool end = j == 0 || j == kGridPoints - 1;
      p.energy = (float)((j + (end ? 0.0 : rng.uniform(-0.3, 0.3))) / (kGridPoints - 1));
      p.total_xs = (float)rng.uniform(0.1, 2.0);
      p.elastic_xs = (float)rng.uniform(0.1, 2.0);
      p.absorbtion_xs = (float)rng.uniform(0.1, 2.0);
      p.fission_xs = (float)rng.uniform(0.1, 2.0);
      p.nu_fission_xs = (float)rng.uniform(0.1, 2.0);
    }
  const Materials mats = make_materials(kNuclides, 52);
  std::vector<float> conc_f(mats.conc.begin(), mats.conc.end());
  std::vector<float> energy(kLookups);
  std::vector<int> mat_of(kLookups);
  for (int i = 0; i < kLookups; ++i) {
    energy[i] = (float)rng.uniform(0.0, 1.0);
    mat_of[i] = rng.below(Materials::kCount);
  }

  NuclideGridPoint* d_grid = dalloc<NuclideGridPoint>(n_grid);
  int* d_mat_nucs = dalloc<int>(mats.nucs.size());
  float* d_conc = dalloc<float>(conc_f.size());
  int* d_num_nucs = dalloc<int>(Materials::kCount);
  float* d_energy = dalloc<float>(kLookups);
  int* d_mats = dalloc<int>(kLookups);
  float* d_macro = dalloc<float>(5 * (size_t)kLookups);
  float* d_seed = dalloc<float>(5 * (size_t)kLookups);
  upload(d_grid, grid);
  upload(d_mat_nucs, mats.nucs);
  upload(d_conc, conc_f);
  upload(d_num_nucs, mats.num_nucs);
  upload(d_energy, energy);
  upload(d_mats, mat_of);
  fill_uniform(d_seed, 5 * (size_t)kLookups, 53, 0.5, 1.5);
  const std::vector<float> seed = download(d_seed, 5 * (size_t)kLookups);
  const int threads = 256, blocks = (kLookups + threads - 1) / threads;

  auto forward = [&] {
    xs_lookup<<<blocks, threads>>>(d_macro, d_grid, d_mat_nucs, d_conc, d_num_nucs, d_energy, d_mats, kGridPoints,
                                   mats.max_nucs, kLookups);
  };

  Checks cuad_checks;
#ifdef HAVE_CUAD
  // Grid points that some lookup interpolates with (so their adjoints are non-zero).
  std::vector<int> points;
  for (int k = 0; points.size() < 6; ++k) {
    const int i = (int)((k * 2654435761u) % kLookups);
    const int m = mat_of[i];
    const int nuc = mats.nucs[m * mats.max_nucs + k % mats.num_nucs[m]];
    points.push_back(host_search(grid, nuc * kGridPoints, energy[i]) + (k & 1));
  }
  Outputs outs;
  outs.add(d_macro, d_seed, 5 * (size_t)kLookups);
  std::vector<size_t> xs_idx;
  for (size_t k = 0; k < points.size(); ++k) xs_idx.push_back((size_t)points[k] * kFields + 1 + k % 5);
  float* grid_floats = reinterpret_cast<float*>(d_grid);
  const auto fd_xs = fd_at(grid_floats, xs_idx, 0.0, 0.5, forward, outs);

  float* d_dmacro = dalloc<float>(5 * (size_t)kLookups);
  NuclideGridPoint* d_dgrid = dalloc<NuclideGridPoint>(n_grid);
  auto grad_prep = [&] { dcopy(d_dmacro, d_seed, 5 * (size_t)kLookups); dzero(d_dgrid, n_grid); };
  auto grad = [&] {
    GRAD_FN<<<blocks, threads>>>(d_macro, d_grid, d_mat_nucs, d_conc, d_num_nucs, d_energy, d_mats, kGridPoints,
                                 mats.max_nucs, kLookups, d_dmacro, d_dgrid);
  };
  grad_prep();
  grad();
  CK_LAUNCH();
  CK(cudaDeviceSynchronize());
  const float* dgrid_floats = reinterpret_cast<const float*>(d_dgrid);
  cuad_checks.list("cuad d_grid xs fields vs FD", values_at(dgrid_floats, xs_idx), fd_xs, 1e-3, 1e-3);
  for (int g : points) {
    const EnergyRef ref = energy_adjoint(g, grid, mats, energy, mat_of, seed);
    cuad_checks.add("cuad d_grid[" + std::to_string(g) + "].energy vs analytic",
                    read1(dgrid_floats, (size_t)g * kFields), ref.value, 1e-2, 5e-3 * ref.abs_sum + 1e-6);
  }
  report_timing(r, "grad", time_ms(grad_prep, grad));
#endif
  report_timing(r, "forward", time_ms(noop, forward));
  cuad_checks.report(r, "cuad");
  finish(r, BENCH_HAVE_CUAD, cuad_checks);
  return 0;
}
