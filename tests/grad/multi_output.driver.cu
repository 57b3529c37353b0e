#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("multi_output");
  const int n = 100;
  Rng rng(33);
  std::vector<double> lo = rng.vec(n), hi = rng.vec(n), state = rng.vec(n), x = rng.vec(n);
  std::vector<double> wl = rng.vec(n), wh = rng.vec(n), ws = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_lo(lo), d_hi(hi), d_state(state), d_x(x);
    CUAD_LAUNCH(split_update, 2, 64, d_lo.ptr, d_hi.ptr, d_state.ptr, d_x.ptr, n);
    return dot(wl, d_lo.get()) + dot(wh, d_hi.get()) + dot(ws, d_state.get());
  };
  DeviceArray<double> d_lo(lo), d_hi(hi), d_state(state), d_x(x);
  DeviceArray<double> a_lo(wl), a_hi(wh), a_state(ws), a_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(split_update_grad_0_1_2_3, 2, 64, d_lo.ptr, d_hi.ptr, d_state.ptr, d_x.ptr,
                        n, a_lo.ptr, a_hi.ptr, a_state.ptr, a_x.ptr));
  check.array("lo", a_lo.get(), fd(lo, loss));
  check.array("hi", a_hi.get(), fd(hi, loss));
  check.array("state", a_state.get(), fd(state, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
