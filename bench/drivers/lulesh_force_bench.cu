// Driver for workload 8, LULESH-style volume forces (kernels/lulesh_force.cu), double.
// Structured hexahedral mesh with jittered nodes; the gradient w.r.t. the node coordinates
// (a scatter through the connectivity array) is checked against central differences.
#include "bench.cuh"
#ifdef HAVE_CUAD
#include "lulesh_force_gen.cu"
#ifndef GRAD_FN
#define GRAD_FN integrate_stress_grad_0_1_2_3_4_5_6
#endif
#else
#include "../kernels/lulesh_force.cu"
#endif

int main() {
  using namespace bench;
  Result r("lulesh_force");
  current_result() = &r;
  device_info(r);
  const int edge = 150;  // elements per side
  const int num_elem = edge * edge * edge;
  const int side = edge + 1;
  const int num_node = side * side * side;
  r.num("n", num_elem);
  r.num("nodes", num_node);

  std::vector<double> hx(num_node), hy(num_node), hz(num_node);
  {
    Rng rng(91);
    const double h = 1.0 / edge;
    for (int k = 0; k < side; ++k)
      for (int j = 0; j < side; ++j)
        for (int i = 0; i < side; ++i) {
          const int nidx = (k * side + j) * side + i;
          hx[nidx] = h * (i + rng.uniform(-0.15, 0.15));
          hy[nidx] = h * (j + rng.uniform(-0.15, 0.15));
          hz[nidx] = h * (k + rng.uniform(-0.15, 0.15));
        }
  }
  std::vector<int> nodelist((size_t)8 * num_elem);
  for (int k = 0; k < edge; ++k)
    for (int j = 0; j < edge; ++j)
      for (int i = 0; i < edge; ++i) {
        const int el = (k * edge + j) * edge + i;
        const int n0 = (k * side + j) * side + i;
        const int corner[8] = {n0, n0 + 1, n0 + side + 1, n0 + side};
        int* dst = &nodelist[(size_t)8 * el];
        for (int c = 0; c < 4; ++c) {
          dst[c] = corner[c];
          dst[c + 4] = corner[c] + side * side;
        }
      }
  double* x = dalloc<double>(num_node);
  double* y = dalloc<double>(num_node);
  double* z = dalloc<double>(num_node);
  int* d_nodelist = dalloc<int>(nodelist.size());
  upload(x, hx);
  upload(y, hy);
  upload(z, hz);
  upload(d_nodelist, nodelist);
  const size_t nf = (size_t)8 * num_elem;
  double* fx = dalloc<double>(nf);
  double* fy = dalloc<double>(nf);
  double* fz = dalloc<double>(nf);
  double* determ = dalloc<double>(num_elem);
  double* sigxx = dalloc<double>(num_elem);
  double* sigyy = dalloc<double>(num_elem);
  double* sigzz = dalloc<double>(num_elem);
  fill_uniform(sigxx, num_elem, 92, -1.0, 0.0);
  fill_uniform(sigyy, num_elem, 93, -1.0, 0.0);
  fill_uniform(sigzz, num_elem, 94, -1.0, 0.0);
  double* seed_fx = dalloc<double>(nf);
  double* seed_fy = dalloc<double>(nf);
  double* seed_fz = dalloc<double>(nf);
  double* seed_det = dalloc<double>(num_elem);
  fill_uniform(seed_fx, nf, 95, -1.0, 1.0);
  fill_uniform(seed_fy, nf, 96, -1.0, 1.0);
  fill_uniform(seed_fz, nf, 97, -1.0, 1.0);
  fill_uniform(seed_det, num_elem, 98, 0.5, 1.5);
  const int threads = 256, blocks = (num_elem + threads - 1) / threads;

  auto forward = [&] {
    integrate_stress<<<blocks, threads>>>(fx, fy, fz, determ, x, y, z, d_nodelist, sigxx, sigyy, sigzz, num_elem);
  };

  Checks cuad_checks;
#ifdef HAVE_CUAD
  Outputs outs;
  outs.add(fx, seed_fx, nf);
  outs.add(fy, seed_fy, nf);
  outs.add(fz, seed_fz, nf);
  outs.add(determ, seed_det, num_elem);
  const auto sample = sample_indices(num_node, 5, 99);
  const double h = 1e-6 / edge;
  const auto fd_x = fd_at(x, sample, 0.0, h, forward, outs);
  const auto fd_y = fd_at(y, sample, 0.0, h, forward, outs);
  const auto fd_z = fd_at(z, sample, 0.0, h, forward, outs);

  double* dfx = dalloc<double>(nf);
  double* dfy = dalloc<double>(nf);
  double* dfz = dalloc<double>(nf);
  double* ddet = dalloc<double>(num_elem);
  double* dx = dalloc<double>(num_node);
  double* dy = dalloc<double>(num_node);
  double* dz = dalloc<double>(num_node);
  auto grad_prep = [&] {
    dcopy(dfx, seed_fx, nf);
    dcopy(dfy, seed_fy, nf);
    dcopy(dfz, seed_fz, nf);
    dcopy(ddet, seed_det, num_elem);
    dzero(dx, num_node);
    dzero(dy, num_node);
    dzero(dz, num_node);
  };
  auto grad = [&] {
    GRAD_FN<<<blocks, threads>>>(fx, fy, fz, determ, x, y, z, d_nodelist, sigxx, sigyy, sigzz, num_elem, dfx, dfy,
                                 dfz, ddet, dx, dy, dz);
  };
  grad_prep();
  grad();
  CK_LAUNCH();
  CK(cudaDeviceSynchronize());
  double scale = 0.0;
  for (const auto* v : {&fd_x, &fd_y, &fd_z})
    for (double d : *v) scale = std::max(scale, std::fabs(d));
  cuad_checks.list("cuad d_x vs FD", values_at(dx, sample), fd_x, 1e-5, 1e-7 * scale);
  cuad_checks.list("cuad d_y vs FD", values_at(dy, sample), fd_y, 1e-5, 1e-7 * scale);
  cuad_checks.list("cuad d_z vs FD", values_at(dz, sample), fd_z, 1e-5, 1e-7 * scale);
  report_timing(r, "grad", time_ms(grad_prep, grad));
#endif
  report_timing(r, "forward", time_ms(noop, forward));
  cuad_checks.report(r, "cuad");
  finish(r, BENCH_HAVE_CUAD, cuad_checks);
  return 0;
}
