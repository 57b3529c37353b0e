#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw10_cpp_spring_ns");
  const int n = 24;
  Rng rng(1001);
  std::vector<double> pos(3 * n);
  for (int i = 0; i < n; ++i) {
    // particles on a ring with jitter so no spring has zero length
    double th = 2.0 * 3.14159265358979 * i / n;
    pos[3 * i] = 2.0 * std::cos(th) + rng.uniform(-0.1, 0.1);
    pos[3 * i + 1] = 2.0 * std::sin(th) + rng.uniform(-0.1, 0.1);
    pos[3 * i + 2] = rng.uniform(-0.3, 0.3);
  }
  std::vector<double> force = rng.vec(3 * n), w = rng.vec(3 * n);
  std::vector<double> spv = {1.3, 0.45, 0.2};
  auto loss = [&] {
    DeviceArray<double> dp(pos), df(force);
    phys::SpringParams sp{spv[0], spv[1], spv[2]};
    CUAD_LAUNCH(phys::spring_forces, 2, 16, dp.ptr, sp, df.ptr, n);
    return dot(w, df.get());
  };
  DeviceArray<double> dp(pos), df(force), a_pos(zeros<double>(3 * n)), a_f(w);
  DeviceScalar<phys::SpringParams> a_sp(phys::SpringParams{0.0, 0.0, 0.0});
  phys::SpringParams sp{spv[0], spv[1], spv[2]};
  CUAD_GRAD(CUAD_LAUNCH(phys::spring_forces_grad_0_1_2, 2, 16, dp.ptr, sp, df.ptr, n, a_pos.ptr,
                        a_sp.ptr, a_f.ptr));
  phys::SpringParams g = a_sp.get()[0];
  check.array("pos", a_pos.get(), fd(pos, loss));
  check.array("sp", std::vector<double>{g.k, g.rest, g.damping}, fd(spv, loss));
  check.array("force", a_f.get(), fd(force, loss));
  return check.finish();
}
