#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_lj_functor_warp");
  Rng rng(23211);
  const int n = 22;
  const float3 box = make_float3(4.6f, 4.4f, 4.2f);
  const float rc = 2.3f, rlist = 2.7f;
  LJ pot;
  pot.eps = 0.9f;
  pot.sigma = 1.0f;
  pot.rc2 = rc * rc;
  const float L[3] = {box.x, box.y, box.z};
  std::vector<float> pos;
  auto mi = [](double d, double l) { return d - l * std::rint(d / l); };
  while ((int)pos.size() < 4 * n) {
    double p[3] = {rng.uniform(-0.5 * L[0], 0.5 * L[0]), rng.uniform(-0.5 * L[1], 0.5 * L[1]),
                 rng.uniform(-0.5 * L[2], 0.5 * L[2])};  // centred box: small |x|, small steps
    bool ok = true;
    for (size_t j = 0; j < pos.size() / 4; ++j) {
      double r2 = 0;
      for (int d = 0; d < 3; ++d) {
        const double dd = mi(p[d] - pos[4 * j + d], L[d]);
        r2 += dd * dd;
      }
      if (std::sqrt(r2) < 1.25 || std::fabs(std::sqrt(r2) - rc) < 0.03) ok = false;
    }
    if (ok) {
      for (int d = 0; d < 3; ++d) pos.push_back((float)p[d]);
      pos.push_back((float)(pos.size() % 3));  // type tag
    }
  }
  std::vector<int> start(n + 1, 0), nl;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      double r2 = 0;
      for (int d = 0; d < 3; ++d) {
        const double dd = mi(pos[4 * i + d] - pos[4 * j + d], L[d]);
        r2 += dd * dd;
      }
      if (r2 < rlist * rlist) nl.push_back(j);
    }
    start[i + 1] = (int)nl.size();
  }
  std::printf("%zu neighbour entries, max per atom %d\n", nl.size(), [&] {
    int m = 0;
    for (int i = 0; i < n; ++i) m = std::max(m, start[i + 1] - start[i]);
    return m;
  }());
  DeviceArray<int> d_start(start), d_nl(nl);
  auto P4 = [](DeviceArray<float>& a) { return reinterpret_cast<float4*>(a.ptr); };
  const int threads = 64, blocks = (32 * n + threads - 1) / threads;
  auto run = [&](const std::vector<float>& p, LJ pt) {
    DeviceArray<float> d_p(p), d_o(zeros<float>(4 * n));
    CUAD_LAUNCH(pair_forces_warp<LJ>, blocks, threads, P4(d_p), d_start.ptr, d_nl.ptr, n, pt, box, P4(d_o));
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(4 * n, -0.5, 0.5);  // small weights: float rounding in the FD
  auto loss = [&] { return dot(w, run(pos, pot)); };
  DeviceArray<float> d_p(pos), d_o(zeros<float>(4 * n)), g_p(zeros<float>(4 * n)), g_o(w);
  LJ gpot;
  gpot.eps = gpot.sigma = gpot.rc2 = 0.0f;
  DeviceArray<LJ> g_pot(std::vector<LJ>{gpot});
  CUAD_GRAD(CUAD_LAUNCH(pair_forces_warp_grad_0_4_6<LJ>, blocks, threads, P4(d_p), d_start.ptr, d_nl.ptr, n, pot,
                        box, P4(d_o), P4(g_p), g_pot.ptr, P4(g_o)));
  const LJ gp = g_pot.get()[0];
  check.array("pos", g_p.get(), fd(pos, loss));
  check.scalar("pot.eps", gp.eps, fd(pot.eps, loss));
  check.scalar("pot.sigma", gp.sigma, fd(pot.sigma, loss));
  check.scalar("pot.rc2", gp.rc2, fd(pot.rc2, loss));
  check.array("out", g_o.get(), zeros<double>(4 * n));
#else
  const std::vector<float> vp = rng.vec<float>(4 * n, -0.3, 0.3);
  LJ vpot;
  vpot.eps = 0.2f;
  vpot.sigma = -0.05f;
  vpot.rc2 = 0.0f;
  auto outputs_at = [&](double t) {
    LJ pt = pot;
    pt.eps = along(pot.eps, t, vpot.eps);
    pt.sigma = along(pot.sigma, t, vpot.sigma);
    return as_doubles(run(along(pos, t, vp), pt));
  };
  DeviceArray<float> d_p(pos), d_o(zeros<float>(4 * n)), t_p(vp), t_o(zeros<float>(4 * n));
  CUAD_GRAD(CUAD_LAUNCH(pair_forces_warp_pushforward_0_4_6<LJ>, blocks, threads, P4(d_p), d_start.ptr, d_nl.ptr, n,
                        pot, box, P4(d_o), P4(t_p), vpot, P4(t_o)));
  check.array("out tangent", as_doubles(t_o.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
