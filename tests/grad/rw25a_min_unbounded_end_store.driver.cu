#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_min_unbounded_end_store");
  Rng rng(25994);
  const int n = 12, nt = 3;
  std::vector<double> u = rng.vec(n), c = rng.vec(n, 0.5, 1.0);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> du(u), dc(c);
    advance(du.ptr, dc.ptr, n, nt);
    return dot(w, du.get());
  };
  DeviceArray<double> du(u), dc(c), gu(w), gc(zeros<double>(n));
  CUAD_GRAD(advance_grad_0_1(du.ptr, dc.ptr, n, nt, gu.ptr, gc.ptr));
  check.array("u", gu.get(), fd(u, loss));
  check.array("c", gc.get(), fd(c, loss));
  return check.finish();
}
