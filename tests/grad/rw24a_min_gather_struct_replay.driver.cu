#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_min_gather_struct_replay");
  Rng rng(24907);
  const int n = 12;
  const double lambda = 0.3;
  std::vector<double> h = rng.vec(n + 2, 0.5, 1.5), f = rng.vec(n + 1);
  const std::vector<double> wh = rng.vec(n + 2);
  auto loss = [&] {
    DeviceArray<double> dh(h);
    relax_state(State{dh.ptr}, f.data(), lambda, n);
    return dot(wh, dh.get());
  };
  DeviceArray<double> dh(h), gh(wh);
  State gq{gh.ptr};
  std::vector<double> gf(n + 1, 0.0);
  CUAD_GRAD(relax_state_grad_0_1(State{dh.ptr}, f.data(), lambda, n, &gq, gf.data()));
  check.array("q.h", gh.get(), fd(h, loss));
  check.array("f", gf, fd(f, loss));
#if !defined(CUAD_SELFTEST)
  check.array("q.h restored", dh.get(), as_doubles(h));
#endif
  return check.finish();
}
