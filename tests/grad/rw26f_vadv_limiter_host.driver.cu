#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26f_vadv_limiter_host");
  Rng rng(26606);
  const int ncol = 40, NZ = kLevels, nsteps = 5;
  std::vector<double> dz(NZ);
  for (int k = 0; k < NZ; ++k) dz[k] = 50.0 + 10.0 * k;
  std::vector<double> q0(ncol * NZ), w(ncol * (NZ + 1));
  for (int c = 0; c < ncol; ++c) {
    const double zc = rng.uniform(3.0, 10.0);
    for (int k = 0; k < NZ; ++k) q0[c * NZ + k] = std::exp(-(k - zc) * (k - zc) / 8.0) + rng.uniform(0.0, 0.1);
    const double sgn = (c % 3 == 0) ? -1.0 : 1.0;  // subsiding or rising columns
    for (int k = 0; k <= NZ; ++k) w[c * (NZ + 1) + k] = sgn * rng.uniform(0.5, 3.0);
  }
  double dt = 12.0, q_top = 0.05;
  const std::vector<double> wq = rng.vec(ncol * NZ);
  auto loss = [&] {
    std::vector<double> o(ncol * NZ);
    const double drift = vertical_transport(q0.data(), w.data(), dz.data(), dt, q_top, ncol, nsteps, o.data());
    return drift + dot(wq, o);
  };
  std::vector<double> gq(ncol * NZ, 0.0), gw(w.size(), 0.0), o(ncol * NZ, 0.0), go = wq;
  double gdt = 0.0;
  CUAD_GRAD(vertical_transport_grad_0_1_3_7(q0.data(), w.data(), dz.data(), dt, q_top, ncol, nsteps, o.data(),
                                            gq.data(), gw.data(), &gdt, go.data()));
  check.array("q0", gq, fd(q0, loss));
  check.array("w", gw, fd(w, loss));
  check.scalar("dt", gdt, fd(dt, loss));
  return check.finish();
}
