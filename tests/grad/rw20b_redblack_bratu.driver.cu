#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20b_redblack_bratu");
  Rng rng(200202);
  const int nx = 14, ny = 11, n = nx * ny, sweeps = 3;
  std::vector<double> u = rng.vec(n, 0.0, 0.4), f = rng.vec(n, -1.0, 2.0);
  double lambda = 1.5, omega = 1.3;
  const std::vector<double> wu = rng.vec(n), wr = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> du(u), df(f), dr(n, 0.0);
    bratu_smooth(du.ptr, df.ptr, dr.ptr, lambda, omega, nx, ny, sweeps);
    // r is scaled by 1/h^2 = 169: weight it down so both outputs matter alike.
    return dot(wu, du.get()) + 1e-2 * dot(wr, dr.get());
  };
  std::vector<double> wr_scaled(n);
  for (int i = 0; i < n; ++i) wr_scaled[i] = 1e-2 * wr[i];
  DeviceArray<double> du(u), df(f), dr(n, 0.0), au(wu), af(zeros<double>(n)), ar(wr_scaled);
  double alambda = 0.0, aomega = 0.0;
  CUAD_GRAD(bratu_smooth_grad_0_1_2_3_4(du.ptr, df.ptr, dr.ptr, lambda, omega, nx, ny, sweeps,
                                        au.ptr, af.ptr, ar.ptr, &alambda, &aomega));
  check.array("u", au.get(), fd(u, loss));
  check.array("f", af.get(), fd(f, loss));
  // r is written everywhere (zero on the boundary): no derivative reaches its input.
  check.array("r", ar.get(), std::vector<double>(n, 0.0));
  check.scalar("lambda", alambda, fd(lambda, loss));
  check.scalar("omega", aomega, fd(omega, loss));
  return check.finish();
}
