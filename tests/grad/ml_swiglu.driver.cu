#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_swiglu");
  const int n = 90;
  Rng rng(202);
  std::vector<double> gate = rng.vec(n, -3, 3), up = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_g(gate), d_u(up);
    CUAD_LAUNCH(swiglu<double>, 3, 32, d_out.ptr, d_g.ptr, d_u.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_g(gate), d_u(up), a_out(w), a_g(zeros<double>(n)), a_u(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(swiglu_grad_0_1_2<double>, 3, 32, d_out.ptr, d_g.ptr, d_u.ptr, n, a_out.ptr, a_g.ptr, a_u.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("gate", a_g.get(), fd(gate, loss));
  check.array("up", a_u.get(), fd(up, loss));
  return check.finish();
}
