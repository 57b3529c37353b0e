#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_rk4_ode");
  const int n = 40, nsteps = 10;
  const double h = 0.05;
  Rng rng(508);
  std::vector<double> state = rng.vec(2 * n, 0.5, 1.5), params = rng.vec(4 * n, 0.3, 1.2),
                      w = rng.vec(2 * n);
  auto loss = [&] {
    DeviceArray<double> d_s(state), d_p(params);
    CUAD_LAUNCH(rk4_lotka, 2, 32, d_s.ptr, d_p.ptr, h, nsteps, n);
    return dot(w, d_s.get());
  };
  DeviceArray<double> d_s(state), d_p(params), a_s(w), a_p(zeros<double>(4 * n));
  CUAD_GRAD(CUAD_LAUNCH(rk4_lotka_grad_0_1, 2, 32, d_s.ptr, d_p.ptr, h, nsteps, n, a_s.ptr,
                        a_p.ptr));
  check.array("state", a_s.get(), fd(state, loss));
  check.array("params", a_p.get(), fd(params, loss));
  return check.finish();
}
