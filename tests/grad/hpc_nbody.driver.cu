#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_nbody");
  const int n = 40;
  const double eps2 = 0.05;
  Rng rng(501);
  std::vector<double> pos = rng.vec(3 * n), mass = rng.vec(n, 0.5, 2.0), acc = rng.vec(3 * n),
                      w = rng.vec(3 * n);
  auto loss = [&] {
    DeviceArray<double> d_acc(acc), d_pos(pos), d_m(mass);
    CUAD_LAUNCH(nbody_forces, 2, 32, d_acc.ptr, d_pos.ptr, d_m.ptr, eps2, n);
    return dot(w, d_acc.get());
  };
  DeviceArray<double> d_acc(acc), d_pos(pos), d_m(mass), a_acc(w), a_pos(zeros<double>(3 * n)),
      a_m(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(nbody_forces_grad_0_1_2, 2, 32, d_acc.ptr, d_pos.ptr, d_m.ptr, eps2, n,
                        a_acc.ptr, a_pos.ptr, a_m.ptr));
  check.array("acc", a_acc.get(), fd(acc, loss));
  check.array("pos", a_pos.get(), fd(pos, loss));
  check.array("mass", a_m.get(), fd(mass, loss));
  return check.finish();
}
