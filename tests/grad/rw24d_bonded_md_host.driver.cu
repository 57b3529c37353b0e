#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_bonded_md_host");
  Rng rng(24105);
  const int nchain = 2, len = 5, n = nchain * len, nsteps = 6;
  const double dt = 0.02;
  std::vector<double> x0, v0 = rng.vec(3 * n, -0.4, 0.4), mass = rng.vec(n, 1.0, 2.0);
  std::vector<int2> bonds;
  std::vector<int> btype;
  std::vector<int4> angles;
  for (int c = 0; c < nchain; ++c) {
    for (int i = 0; i < len; ++i) {
      x0.push_back(1.0 * i - 2.0 + rng.uniform(-0.1, 0.1));
      x0.push_back((i % 2 ? 0.55 : -0.55) + rng.uniform(-0.1, 0.1));
      x0.push_back(2.0 * c - 1.0 + rng.uniform(-0.2, 0.2));
      if (i > 0) {
        bonds.push_back(make_int2(c * len + i - 1, c * len + i));
        btype.push_back((i + c) % 2);
      }
      if (i > 1) angles.push_back(make_int4(c * len + i - 2, c * len + i - 1, c * len + i, 0));
    }
  }
  const int nbonds = (int)bonds.size(), nang = (int)angles.size();
  std::vector<BondType> bt(2);
  bt[0] = BondType{8.0, 1.1, 0.0, 0.0, 0};
  bt[1] = BondType{0.0, 1.05, 1.4, 1.6, 1};
  std::vector<double> ak = rng.vec(nang, 1.0, 2.0), at0 = rng.vec(nang, 1.9, 2.2);
  const std::vector<double> wx = rng.vec(3 * n);
  auto loss = [&] {
    std::vector<double> xo(3 * n, 0.0);
    const double e = md_bonded_run(x0.data(), v0.data(), xo.data(), bonds.data(), btype.data(), nbonds, bt.data(), 2,
                                   angles.data(), ak.data(), at0.data(), nang, mass.data(), n, dt, nsteps);
    return e + dot(wx, xo);
  };
  std::printf("loss %.6f\n", loss());
  std::vector<double> xo(3 * n, 0.0), g_x0(3 * n, 0.0), g_v0(3 * n, 0.0), g_xo = wx, g_ak(nang, 0.0), g_at0(nang, 0.0),
      g_m(n, 0.0);
  std::vector<BondType> g_bt(2, BondType{0.0, 0.0, 0.0, 0.0, 0});
  CUAD_GRAD(md_bonded_run_grad_0_1_2_6_9_10_12(x0.data(), v0.data(), xo.data(), bonds.data(), btype.data(), nbonds,
                                               bt.data(), 2, angles.data(), ak.data(), at0.data(), nang, mass.data(), n,
                                               dt, nsteps, g_x0.data(), g_v0.data(), g_xo.data(), g_bt.data(),
                                               g_ak.data(), g_at0.data(), g_m.data()));
  check.array("x0", g_x0, fd(x0, loss));
  check.array("v0", g_v0, fd(v0, loss));
  check.array("x_out", g_xo, zeros<double>(3 * n));
  for (int t = 0; t < 2; ++t) {
    check.scalar(at("btypes.k", t), g_bt[t].k, fd(bt[t].k, loss));
    check.scalar(at("btypes.r0", t), g_bt[t].r0, fd(bt[t].r0, loss));
    check.scalar(at("btypes.D", t), g_bt[t].D, fd(bt[t].D, loss));
    check.scalar(at("btypes.a", t), g_bt[t].a, fd(bt[t].a, loss));
  }
  check.array("ang_k", g_ak, fd(ak, loss));
  check.array("ang_t0", g_at0, fd(at0, loss));
  check.array("mass", g_m, fd(mass, loss));
  return check.finish();
}
