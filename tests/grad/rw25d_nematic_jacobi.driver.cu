#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_nematic_jacobi");
  Rng rng(25428);
  const int n_dom = 10, n = n_dom * DOMAIN;
  // spins scattered around a director per domain (different degrees of order)
  std::vector<double> spins(3 * n);
  for (int k = 0; k < n_dom; ++k) {
    const double th = rng.uniform(0.2, 1.3), ph = rng.uniform(0.0, 6.0), spread = rng.uniform(0.2, 0.9);
    const double dir[3] = {std::sin(th) * std::cos(ph), std::sin(th) * std::sin(ph), std::cos(th)};
    for (int s = 0; s < DOMAIN; ++s) {
      const double sign = (s % 3 == 0) ? -1.0 : 1.0;  // head-tail symmetric
      for (int c = 0; c < 3; ++c) spins[3 * (k * DOMAIN + s) + c] = sign * (dir[c] + spread * rng.uniform(-1, 1));
    }
  }
  auto run = [&](const std::vector<double>& sp) {
    DeviceArray<double> ds(sp), dout(zeros<double>(2 * n_dom));
    CUAD_LAUNCH(nematic_order, 1, 32, n_dom, ds.ptr, dout.ptr);
    return dout.get();
  };
  // eigenvalues well separated (no ties in the sort): check against the trace identities
  {
    const std::vector<double> o = run(spins);
    for (int k = 0; k < n_dom; ++k) {
      const double l0 = o[2 * k], b = o[2 * k + 1];
      const double l1 = 0.5 * (-l0 + b), l2 = 0.5 * (-l0 - b);  // trace Q = 0
      check.expect(l0 - l1 > 1e-3 && b > 1e-3, "separated eigenvalues");
      (void)l2;
    }
  }
  DeviceArray<double> ds(spins), dout(zeros<double>(2 * n_dom));
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(2 * n_dom);
  auto loss = [&] { return dot(w, run(spins)); };
  DeviceArray<double> gs(zeros<double>(3 * n)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(nematic_order_grad_1_2, 1, 32, n_dom, ds.ptr, dout.ptr, gs.ptr, gout.ptr));
  check.array("spins", gs.get(), fd(spins, loss));
  check.array("order", gout.get(), zeros<double>(2 * n_dom));
#else
  const std::vector<double> vs = rng.vec(3 * n);
  auto outputs_at = [&](double t) { return run(along(spins, t, vs)); };
  DeviceArray<double> ts(vs), tout(zeros<double>(2 * n_dom));
  CUAD_GRAD(CUAD_LAUNCH(nematic_order_pushforward, 1, 32, n_dom, ds.ptr, dout.ptr, ts.ptr, tout.ptr));
  check.array("tangent", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
