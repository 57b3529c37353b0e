// Driver for workload 7, LULESH-style equation of state (kernels/lulesh_eos.cu), double.
// The energy is updated in place through an index array; the gradient w.r.t. the input
// energy is checked against central differences in double.
#include <numeric>

#include "bench.cuh"
#ifdef HAVE_CUAD
#include "lulesh_eos_gen.cu"
#ifndef GRAD_FN
#define GRAD_FN eval_eos_grad_0_1_2_3
#endif
#else
#include "../kernels/lulesh_eos.cu"
#endif

int main() {
  using namespace bench;
  Result r("lulesh_eos");
  current_result() = &r;
  device_info(r);
  const int n = 1 << 23;
  const int reps = 2;  // LULESH repeats the EOS work for expensive regions
  r.num("n", n);
  r.num("reps", reps);
  const double emin = -1.0e15, pmin = 0.0, p_cut = 1.0e-7, e_cut = 1.0e-7, q_cut = 1.0e-7, eosvmax = 1.0e9,
               rho0 = 1.0;

  // Element list: chunks of 32 consecutive elements in shuffled order (like region lists).
  std::vector<int> idx(n);
  {
    const int chunk = 32, chunks = n / chunk;
    std::vector<int> order(chunks);
    std::iota(order.begin(), order.end(), 0);
    Rng rng(71);
    for (int c = chunks - 1; c > 0; --c) std::swap(order[c], order[rng.below(c + 1)]);
    for (int c = 0; c < chunks; ++c)
      for (int k = 0; k < chunk; ++k) idx[c * chunk + k] = order[c] * chunk + k;
  }
  int* d_idx = dalloc<int>(n);
  upload(d_idx, idx);
  double* e0 = dalloc<double>(n);  // pristine input energy
  double* e = dalloc<double>(n);   // in/out
  double* p_out = dalloc<double>(n);
  double* q_out = dalloc<double>(n);
  double* ss_out = dalloc<double>(n);
  double* p_old = dalloc<double>(n);
  double* q_old = dalloc<double>(n);
  double* delvc = dalloc<double>(n);
  double* comp = dalloc<double>(n);
  double* comp_half = dalloc<double>(n);
  double* vnewc = dalloc<double>(n);
  double* qq = dalloc<double>(n);
  double* ql = dalloc<double>(n);
  fill_uniform(e0, n, 72, 0.5, 5.0);
  fill_uniform(p_old, n, 73, 0.0, 1.0);
  fill_uniform(q_old, n, 74, 0.0, 0.5);
  fill_uniform(delvc, n, 75, -0.1, 0.1);
  fill_uniform(comp, n, 76, -0.1, 0.3);
  fill_uniform(comp_half, n, 77, -0.05, 0.15);
  fill_uniform(vnewc, n, 78, 0.8, 1.2);
  fill_uniform(qq, n, 79, 0.0, 1.0);
  fill_uniform(ql, n, 80, 0.0, 1.0);
  double* seed_e = dalloc<double>(n);
  double* seed_p = dalloc<double>(n);
  double* seed_q = dalloc<double>(n);
  double* seed_ss = dalloc<double>(n);
  fill_uniform(seed_e, n, 81, 0.5, 1.5);
  fill_uniform(seed_p, n, 82, 0.5, 1.5);
  fill_uniform(seed_q, n, 83, 0.5, 1.5);
  fill_uniform(seed_ss, n, 84, 0.5, 1.5);
  const int threads = 256, blocks = (n + threads - 1) / threads;

  auto restore = [&] { dcopy(e, e0, n); };
  auto forward_kernel = [&] {
    eval_eos<<<blocks, threads>>>(e, p_out, q_out, ss_out, d_idx, p_old, q_old, delvc, comp, comp_half, vnewc, qq, ql,
                                  emin, pmin, p_cut, e_cut, q_cut, eosvmax, rho0, reps, n);
  };
  Checks cuad_checks;
#ifdef HAVE_CUAD
  auto forward = [&] { restore(); forward_kernel(); };
  Outputs outs;
  outs.add(e, seed_e, n);
  outs.add(p_out, seed_p, n);
  outs.add(q_out, seed_q, n);
  outs.add(ss_out, seed_ss, n);
  const auto sample = sample_indices(n, 8, 85);
  const auto fd = fd_at(e0, sample, 1e-6, 1e-6, forward, outs);

  double* de = dalloc<double>(n);
  double* dp = dalloc<double>(n);
  double* dq = dalloc<double>(n);
  double* dss = dalloc<double>(n);
  auto grad_prep = [&] {
    restore();
    dcopy(de, seed_e, n);
    dcopy(dp, seed_p, n);
    dcopy(dq, seed_q, n);
    dcopy(dss, seed_ss, n);
  };
  auto grad = [&] {
    GRAD_FN<<<blocks, threads>>>(e, p_out, q_out, ss_out, d_idx, p_old, q_old, delvc, comp, comp_half, vnewc, qq, ql,
                                 emin, pmin, p_cut, e_cut, q_cut, eosvmax, rho0, reps, n, de, dp, dq, dss);
  };
  grad_prep();
  grad();
  CK_LAUNCH();
  CK(cudaDeviceSynchronize());
  cuad_checks.list("cuad d_e vs FD", values_at(de, sample), fd, 1e-5, 1e-8);
  report_timing(r, "grad", time_ms(grad_prep, grad));
#endif
  report_timing(r, "forward", time_ms(restore, forward_kernel));
  cuad_checks.report(r, "cuad");
  finish(r, BENCH_HAVE_CUAD, cuad_checks);
  return 0;
}
