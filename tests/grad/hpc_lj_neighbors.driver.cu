#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_lj_neighbors");
  const int n = 36, MAXNB_ = 8;
  const double sigma = 1.0, rc2 = 2.5 * 2.5, box = 9.0;
  Rng rng(519);
  // 6x6 lattice with spacing 1.5, jittered
  std::vector<double> x(2 * n);
  for (int i = 0; i < n; ++i) {
    x[2 * i] = 1.5 * (i % 6) + rng.uniform(-0.1, 0.1);
    x[2 * i + 1] = 1.5 * (i / 6) + rng.uniform(-0.1, 0.1);
  }
  std::vector<int> nbr(n * MAXNB_, -1);
  for (int i = 0; i < n; ++i) {
    int c = 0;
    for (int j = 0; j < n && c < MAXNB_; ++j) {
      if (j == i) continue;
      int di = std::abs(i % 6 - j % 6), dj = std::abs(i / 6 - j / 6);
      di = std::min(di, 6 - di);
      dj = std::min(dj, 6 - dj);
      if (di + dj <= 2 && !(di == 2 && dj == 0) && !(dj == 2 && di == 0)) nbr[i * MAXNB_ + c++] = j;
    }
  }
  // Mark: some pairs at distance ~2.12 (diagonal) are inside rc, 3.0 is outside: all away from rc.
  std::vector<double> f = rng.vec(2 * n), wf = rng.vec(2 * n);
  double epsilon = 0.8, we = 0.7, e0 = 0.3;
  auto loss = [&] {
    DeviceArray<double> d_f(f), d_x(x);
    DeviceScalar<double> d_e(e0);
    DeviceArray<int> d_nbr(nbr);
    CUAD_LAUNCH(lj_forces, 1, 64, d_f.ptr, d_e.ptr, d_x.ptr, d_nbr.ptr, epsilon, sigma, rc2, box, n);
    return dot(wf, d_f.get()) + we * d_e.value();
  };
  DeviceArray<double> d_f(f), d_x(x), a_f(wf), a_x(zeros<double>(2 * n));
  DeviceScalar<double> d_e(e0), a_e(we), a_eps;
  DeviceArray<int> d_nbr(nbr);
  CUAD_GRAD(CUAD_LAUNCH(lj_forces_grad_0_1_2_4, 1, 64, d_f.ptr, d_e.ptr, d_x.ptr, d_nbr.ptr, epsilon,
                        sigma, rc2, box, n, a_f.ptr, a_e.ptr, a_x.ptr, a_eps.ptr));
  check.scalar("energy", a_e.value(), fd(e0, loss));
  check.array("f", a_f.get(), fd(f, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.scalar("epsilon", a_eps.value(), fd(epsilon, loss));
  return check.finish();
}
