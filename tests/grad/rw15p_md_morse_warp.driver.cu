#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

int main() {
  Checker check("rw15p_md_morse_warp");
  const int side = 4, n = side * side * 3;  // 48 atoms, a 4x4x3 perturbed lattice
  const double a = 1.1, r0 = 1.05, rc = 1.9, rlist = 2.2;
  double De = 0.9, alpha = 1.7;
  Rng rng(15011);
  std::vector<double> pos(3 * n);
  for (int i = 0; i < n; ++i) {
    pos[3 * i] = a * (i % side) + rng.uniform(-0.12, 0.12);
    pos[3 * i + 1] = a * ((i / side) % side) + rng.uniform(-0.12, 0.12);
    pos[3 * i + 2] = a * (i / (side * side)) + rng.uniform(-0.12, 0.12);
  }
  std::vector<int> off(n + 1, 0), idx;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      double d2 = 0.0;
      for (int c = 0; c < 3; ++c) d2 += (pos[3 * i + c] - pos[3 * j + c]) * (pos[3 * i + c] - pos[3 * j + c]);
      if (std::fabs(std::sqrt(d2) - rc) < 1e-3) { std::printf("pair near cutoff\n"); return 2; }
      if (d2 < rlist * rlist) idx.push_back(j);
    }
    off[i + 1] = (int)idx.size();
  }
  const double rc2 = rc * rc;
  check_cuda(cudaMemcpyToSymbol(c_r0, &r0, sizeof(double)), "symbol");
  check_cuda(cudaMemcpyToSymbol(c_rc2, &rc2, sizeof(double)), "symbol");
  std::vector<double> f0 = rng.vec(3 * n), w = rng.vec(3 * n);
  double e0 = 0.3, we = 0.8;
  DeviceArray<int> doff(off), didx(idx);
  // 2 blocks of 64 threads stride over 48 atoms: block 1 is idle but still reduces.
  auto loss = [&] {
    DeviceArray<double> dp(pos), df(f0);
    DeviceScalar<double> de(e0);
    CUAD_LAUNCH(morse_forces<64>, 2, 64, (const double3*)dp.ptr, doff.ptr, didx.ptr, De, alpha,
                (double3*)df.ptr, de.ptr, n);
    return dot(w, df.get()) + we * de.value();
  };
  DeviceArray<double> dp(pos), df(f0), ap(zeros<double>(3 * n)), af(w);
  DeviceScalar<double> de(e0), ae(we), aDe(0.0), aal(0.0);
  CUAD_GRAD(CUAD_LAUNCH(morse_forces_grad_0_3_4_5_6<64>, 2, 64, (const double3*)dp.ptr, doff.ptr,
                        didx.ptr, De, alpha, (double3*)df.ptr, de.ptr, n, (double3*)ap.ptr,
                        aDe.ptr, aal.ptr, (double3*)af.ptr, ae.ptr));
  check.array("force", af.get(), zeros<double>(3 * n));
  check.scalar("energy", ae.value(), fd(e0, loss));
  check.array("pos", ap.get(), fd(pos, loss));
  check.scalar("De", aDe.value(), fd(De, loss));
  check.scalar("alpha", aal.value(), fd(alpha, loss));
  return check.finish();
}
