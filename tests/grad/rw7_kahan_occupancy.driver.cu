#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw7_kahan_occupancy");
  const int rows = 45, cols = 7;  // 2 blocks of 16 threads stride over 45 rows
  Rng rng(7002);
  std::vector<double> x = rng.vec<double>(rows * cols), e = rng.vec<double>(rows),
                      w = rng.vec<double>(rows);
  double beta = 0.7;
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> out(rows);
    row_energy(x.data(), beta, out.data(), rows, cols);
    return dot(w, out);
  };
  std::vector<double> a_x = zeros<double>(rows * cols), a_e = w;
  double a_beta = 0;
  CUAD_GRAD(row_energy_grad_0_1_2(x.data(), beta, e.data(), rows, cols, a_x.data(), &a_beta,
                                  a_e.data()));
  check.array("x", a_x, fd(x, loss));
  check.scalar("beta", a_beta, fd(beta, loss));
  check.array("e", a_e, fd(e, loss));
#else
  std::vector<double> vx = rng.vec<double>(rows * cols), ve = rng.vec<double>(rows);
  const double vb = 0.3;
  auto outputs_at = [&](double t) {
    std::vector<double> out(rows);
    row_energy(along(x, t, vx).data(), along(beta, t, vb), out.data(), rows, cols);
    return out;
  };
  std::vector<double> t_e = ve;
  CUAD_GRAD(row_energy_pushforward(x.data(), beta, e.data(), rows, cols, vx.data(), vb,
                                   t_e.data()));
  check.array("e", t_e, directional_fd<double>(outputs_at), default_tol<double>());
#endif
  return check.finish();
}
