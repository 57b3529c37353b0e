#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_ternary_store_extent");
  Rng rng(26051);
  const int n = 12, nt = 3;
  std::vector<double> u = rng.vec(n), c = rng.vec(n, 0.5, 1.0);
  const std::vector<double> w = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> du(u), dc(c);
    advance(du.ptr, dc.ptr, n, nt);
    return dot(w, du.get());
  };
  DeviceArray<double> du(u), dc(c), gu(w), gc(zeros<double>(n));
  CUAD_GRAD(advance_grad_0_1(du.ptr, dc.ptr, n, nt, gu.ptr, gc.ptr));
  check.array("u", gu.get(), fd(u, loss));
  check.array("c", gc.get(), fd(c, loss));
#else
  const std::vector<double> vu = rng.vec(n), vc = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> du(along(u, t, vu)), dc(along(c, t, vc));
    advance(du.ptr, dc.ptr, n, nt);
    return as_doubles(du.get());
  };
  DeviceArray<double> du(u), dc(c), tu(vu), tc(vc);
  CUAD_GRAD(advance_pushforward(du.ptr, dc.ptr, n, nt, tu.ptr, tc.ptr));
  check.array("u", tu.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
