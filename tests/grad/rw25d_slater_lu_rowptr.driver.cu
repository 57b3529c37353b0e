#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static double host_det(std::vector<double> a, int n) {
  double det = 1.0;
  for (int c = 0; c < n; ++c) {
    int p = c;
    for (int r = c + 1; r < n; ++r)
      if (std::fabs(a[r * n + c]) > std::fabs(a[p * n + c])) p = r;
    if (p != c) {
      for (int k = 0; k < n; ++k) std::swap(a[c * n + k], a[p * n + k]);
      det = -det;
    }
    det *= a[c * n + c];
    for (int r = c + 1; r < n; ++r) {
      const double f = a[r * n + c] / a[c * n + c];
      for (int k = c; k < n; ++k) a[r * n + k] -= f * a[c * n + k];
    }
  }
  return det;
}

int main() {
  Checker check("rw25d_slater_lu_rowptr");
  Rng rng(25426);
  const int n_walk = 10, N = NORB;
  std::vector<double> orb = rng.vec(n_walk * N * N, -1.0, 1.0), u = rng.vec(n_walk * N, -1.0, 1.0);
  std::vector<int> moved(n_walk);
  for (int w = 0; w < n_walk; ++w) moved[w] = w % N;
  auto run = [&](const std::vector<double>& o, const std::vector<double>& uu) {
    DeviceArray<double> dorb(o), du(uu), dout(zeros<double>(2 * n_walk));
    DeviceArray<int> dm(moved);
    CUAD_LAUNCH(slater_logdet_ratio, 1, 32, n_walk, dorb.ptr, du.ptr, dm.ptr, dout.ptr);
    return dout.get();
  };
  // the primal against host determinants (and pivots well separated: no ties under FD steps)
  {
    const std::vector<double> out = run(orb, u);
    for (int w = 0; w < n_walk; ++w) {
      std::vector<double> a(orb.begin() + w * N * N, orb.begin() + (w + 1) * N * N), b = a;
      for (int j = 0; j < N; ++j) b[moved[w] * N + j] = u[w * N + j];
      const double d = host_det(a, N);
      check.expect(std::fabs(out[2 * w] - std::log(std::fabs(d))) < 1e-10, "log|det|");
      check.expect(std::fabs(out[2 * w + 1] - host_det(b, N) / d) < 1e-9 * (1 + std::fabs(host_det(b, N) / d)), "ratio");
    }
  }
  DeviceArray<double> dorb(orb), du(u), dout(zeros<double>(2 * n_walk));
  DeviceArray<int> dm(moved);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(2 * n_walk);
  auto loss = [&] { return dot(w, run(orb, u)); };
  DeviceArray<double> go(zeros<double>(orb.size())), gu(zeros<double>(u.size())), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(slater_logdet_ratio_grad_1_2_4, 1, 32, n_walk, dorb.ptr, du.ptr, dm.ptr, dout.ptr, go.ptr, gu.ptr,
                        gout.ptr));
  check.array("orbitals", go.get(), fd(orb, loss));
  check.array("new_row", gu.get(), fd(u, loss));
  check.array("out", gout.get(), zeros<double>(2 * n_walk));
#else
  const std::vector<double> vo = rng.vec(orb.size()), vu = rng.vec(u.size());
  auto outputs_at = [&](double t) { return run(along(orb, t, vo), along(u, t, vu)); };
  DeviceArray<double> to(vo), tu(vu), tout(zeros<double>(2 * n_walk));
  CUAD_GRAD(CUAD_LAUNCH(slater_logdet_ratio_pushforward, 1, 32, n_walk, dorb.ptr, du.ptr, dm.ptr, dout.ptr, to.ptr,
                        tu.ptr, tout.ptr));
  check.array("tangent", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
