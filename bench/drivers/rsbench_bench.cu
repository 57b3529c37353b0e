// Driver for workload 6, RSBench-style multipole lookup (kernels/rsbench.cu), double.
// No hand-written adjoint; the gradient w.r.t. the pole data is checked against central
// differences in double.
#include "bench.cuh"
#include "materials.h"
#ifdef HAVE_CUAD
#include "rsbench_gen.cu"
#ifndef GRAD_FN
#define GRAD_FN rs_lookup_grad_0_1
#endif
#else
#include "../kernels/rsbench.cu"
#endif

namespace {

constexpr int kNuclides = 68;
constexpr int kPoles = 1000;  // per nuclide, sorted by resonance energy in sqrt(E) space
constexpr int kWindows = 100;  // per nuclide, uniform in sqrt(E)
constexpr int kMargin = 10;    // poles a window reaches past its own sqrt(E) range
constexpr int kLookups = 1 << 19;
#ifdef HAVE_CUAD
constexpr int kPoleDoubles = sizeof(Pole) / sizeof(double);

int window_of(double e) { return std::min((int)(std::sqrt(e) * kWindows), kWindows - 1); }
#endif

}  // namespace

int main() {
  using namespace bench;
  Result r("rsbench");
  current_result() = &r;
  device_info(r);
  r.num("n", kLookups);
  r.num("nuclides", kNuclides);
  r.num("poles", kPoles);

  Rng rng(61);
  const size_t n_poles = (size_t)kNuclides * kPoles;
  std::vector<Pole> poles(n_poles);
  for (size_t p = 0; p < n_poles; ++p) {
    Pole& q = poles[p];
    q.MP_EA.r = ((p % kPoles) + rng.uniform(0.0, 1.0)) / kPoles;
    q.MP_EA.i = -rng.uniform(0.001, 0.05);  // Im z = -Im(EA) * dopp > 0
    q.MP_RT = {rng.uniform(-1.0, 1.0), rng.uniform(-1.0, 1.0)};
    q.MP_RA = {rng.uniform(-1.0, 1.0), rng.uniform(-1.0, 1.0)};
    q.MP_RF = {rng.uniform(-1.0, 1.0), rng.uniform(-1.0, 1.0)};
    q.l_value = (int)(p % 4);
  }
  std::vector<Window> windows((size_t)kNuclides * kWindows);
  const int per_window = kPoles / kWindows;
  for (size_t w = 0; w < windows.size(); ++w) {
    const int local = (int)(w % kWindows);
    windows[w] = {rng.uniform(0.0, 0.1), rng.uniform(0.0, 0.1), rng.uniform(0.0, 0.1),
                  std::max(0, local * per_window - kMargin), std::min(kPoles, (local + 1) * per_window + kMargin)};
  }
  std::vector<Cplx> sigt_factor(4);
  for (int l = 0; l < 4; ++l) sigt_factor[l] = {std::cos(0.6 * l), -std::sin(0.6 * l)};
  // Doppler factors: with |sqrt(E) - Re EA| up to ~0.02 inside a window, |z| > 6 (the
  // asymptotic branch) happens for a minority of pole evaluations.
  std::vector<double> dopp(kNuclides);
  for (double& d : dopp) d = rng.uniform(50.0, 400.0);
  const Materials mats = make_materials(kNuclides, 62);
  std::vector<double> energy(kLookups);
  std::vector<int> mat_of(kLookups);
  for (int i = 0; i < kLookups; ++i) {
    energy[i] = rng.uniform(0.0, 1.0);
    mat_of[i] = rng.below(Materials::kCount);
  }

  Pole* d_poles = dalloc<Pole>(n_poles);
  Window* d_windows = dalloc<Window>(windows.size());
  Cplx* d_sigt = dalloc<Cplx>(4);
  double* d_dopp = dalloc<double>(kNuclides);
  int* d_mat_nucs = dalloc<int>(mats.nucs.size());
  double* d_conc = dalloc<double>(mats.conc.size());
  int* d_num_nucs = dalloc<int>(Materials::kCount);
  double* d_energy = dalloc<double>(kLookups);
  int* d_mats = dalloc<int>(kLookups);
  double* d_macro = dalloc<double>(4 * (size_t)kLookups);
  double* d_seed = dalloc<double>(4 * (size_t)kLookups);
  upload(d_poles, poles);
  upload(d_windows, windows);
  upload(d_sigt, sigt_factor);
  upload(d_dopp, dopp);
  upload(d_mat_nucs, mats.nucs);
  upload(d_conc, mats.conc);
  upload(d_num_nucs, mats.num_nucs);
  upload(d_energy, energy);
  upload(d_mats, mat_of);
  fill_uniform(d_seed, 4 * (size_t)kLookups, 63, 0.5, 1.5);
  const int threads = 256, blocks = (kLookups + threads - 1) / threads;

  auto forward = [&] {
    rs_lookup<<<blocks, threads>>>(d_macro, d_poles, d_windows, d_sigt, d_dopp, d_mat_nucs, d_conc, d_num_nucs,
                                   d_energy, d_mats, kPoles, kWindows, mats.max_nucs, kLookups);
  };

  Checks cuad_checks;
#ifdef HAVE_CUAD
  // Pole fields that some lookup uses: a pole inside the window of a lookup's nuclide.
  std::vector<size_t> idx;
  for (int k = 0; idx.size() < 8; ++k) {
    const int i = (int)((k * 2654435761u) % kLookups);
    const int m = mat_of[i];
    const int nuc = mats.nucs[m * mats.max_nucs + k % mats.num_nucs[m]];
    const Window& w = windows[(size_t)nuc * kWindows + window_of(energy[i])];
    const size_t pole = (size_t)nuc * kPoles + w.start + (k * 7) % (w.end - w.start);
    idx.push_back(pole * kPoleDoubles + k % 8);  // field k % 8: EA.r, EA.i, RT.r, ..., RF.i
  }
  Outputs outs;
  outs.add(d_macro, d_seed, 4 * (size_t)kLookups);
  double* pole_doubles = reinterpret_cast<double*>(d_poles);
  const auto fd = fd_at(pole_doubles, idx, 1e-6, 1e-7, forward, outs);

  double* d_dmacro = dalloc<double>(4 * (size_t)kLookups);
  Pole* d_dpoles = dalloc<Pole>(n_poles);
  auto grad_prep = [&] { dcopy(d_dmacro, d_seed, 4 * (size_t)kLookups); dzero(d_dpoles, n_poles); };
  auto grad = [&] {
    GRAD_FN<<<blocks, threads>>>(d_macro, d_poles, d_windows, d_sigt, d_dopp, d_mat_nucs, d_conc, d_num_nucs,
                                 d_energy, d_mats, kPoles, kWindows, mats.max_nucs, kLookups, d_dmacro, d_dpoles);
  };
  grad_prep();
  grad();
  CK_LAUNCH();
  CK(cudaDeviceSynchronize());
  // rtol 1e-3, not 1e-5: an FD step may move some |z| across the branch at 6, where the two
  // Faddeeva approximations differ slightly.
  double scale = 0.0;
  for (double v : fd) scale = std::max(scale, std::fabs(v));
  cuad_checks.list("cuad d_poles vs FD", values_at(reinterpret_cast<const double*>(d_dpoles), idx), fd, 1e-3,
                   1e-6 * scale);
  report_timing(r, "grad", time_ms(grad_prep, grad));
#endif
  report_timing(r, "forward", time_ms(noop, forward));
  cuad_checks.report(r, "cuad");
  finish(r, BENCH_HAVE_CUAD, cuad_checks);
  return 0;
}
