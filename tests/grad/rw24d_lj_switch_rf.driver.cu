#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_lj_switch_rf");
  Rng rng(24103);
  const int n = 48, ntypes = 3;
  const double L[3] = {5.6, 6.0, 6.4};
  const double r_on = 2.0, r_off = 2.6, rlist = 3.0;
  const double eps_rf = 78.0;
  NBParams nb;
  nb.r_on = r_on;
  nb.r_off = r_off;
  nb.k_rf = (eps_rf - 1.0) / ((2.0 * eps_rf + 1.0) * r_off * r_off * r_off);
  nb.c_rf = 1.0 / r_off + nb.k_rf * r_off * r_off;
  nb.coulomb = 0.35;
  for (int d = 0; d < 3; ++d) nb.box[d] = L[d];
  auto mi = [&](double dx, int d) { return dx - L[d] * std::rint(dx / L[d]); };
  std::vector<double> pos;
  for (int tries = 0; (int)pos.size() < 4 * n && tries < 200000; ++tries) {
    const double p[3] = {rng.uniform(0, L[0]), rng.uniform(0, L[1]), rng.uniform(0, L[2])};
    bool ok = true;
    for (size_t j = 0; j < pos.size() / 4 && ok; ++j) {
      double r2 = 0.0;
      for (int d = 0; d < 3; ++d) r2 += mi(p[d] - pos[4 * j + d], d) * mi(p[d] - pos[4 * j + d], d);
      const double r = std::sqrt(r2);
      if (r < 1.0 || std::fabs(r - r_on) < 0.04 || std::fabs(r - r_off) < 0.04) ok = false;
    }
    if (ok) {
      for (int d = 0; d < 3; ++d) pos.push_back(p[d]);
      pos.push_back(rng.uniform(-1, 1));  // w: unused by the kernel
    }
  }
  check.expect((int)pos.size() == 4 * n, "placed every atom");
  std::vector<int> type(n), start(n + 1, 0), idx;
  for (int i = 0; i < n; ++i) type[i] = i % ntypes;
  int in_switch = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      double r2 = 0.0;
      for (int d = 0; d < 3; ++d) r2 += mi(pos[4 * i + d] - pos[4 * j + d], d) * mi(pos[4 * i + d] - pos[4 * j + d], d);
      if (r2 < rlist * rlist) idx.push_back(j);
      if (r2 > r_on * r_on && r2 < r_off * r_off) ++in_switch;
    }
    start[i + 1] = (int)idx.size();
  }
  std::printf("%zu list entries, %d in the switching region\n", idx.size(), in_switch);
  std::vector<double> q = rng.vec(n, -0.8, 0.8), eps = {0.25, 0.6, 0.4}, sigma = {1.0, 0.9, 1.15};
  std::vector<double> f0 = rng.vec(3 * n), e0 = rng.vec(n), v0 = {0.3};
  DeviceArray<int> d_type(type), d_start(start), d_idx(idx);
  auto d4 = [](DeviceArray<double>& a) { return reinterpret_cast<double4*>(a.ptr); };
  auto run = [&](const std::vector<double>& p, const std::vector<double>& qq, const std::vector<double>& ep,
                 const std::vector<double>& sg, const NBParams& b, const std::vector<double>& vir0) {
    DeviceArray<double> d_p(p), d_q(qq), d_e(ep), d_s(sg), d_f(f0), d_en(e0), d_v(vir0);
    CUAD_LAUNCH(nonbonded_switched<32>, 2, 32, n, d4(d_p), d_q.ptr, d_type.ptr, d_e.ptr, d_s.ptr, d_start.ptr,
                d_idx.ptr, b, d_f.ptr, d_en.ptr, d_v.ptr);
    std::vector<double> out = d_f.get(), en = d_en.get(), v = d_v.get();
    out.insert(out.end(), en.begin(), en.end());
    out.push_back(v[0]);
    return out;
  };
  const std::vector<double> wf = rng.vec(3 * n), we = rng.vec(n), wv = {0.45};
  std::vector<double> w = wf;
  w.insert(w.end(), we.begin(), we.end());
  w.push_back(wv[0]);
  auto loss = [&] { return dot(w, run(pos, q, eps, sigma, nb, v0)); };
  DeviceArray<double> d_p(pos), d_q(q), d_e(eps), d_s(sigma), d_f(f0), d_en(e0), d_v(v0), g_p(zeros<double>(4 * n)),
      g_q(zeros<double>(n)), g_e(zeros<double>(ntypes)), g_s(zeros<double>(ntypes)), g_f(wf), g_en(we), g_v(wv);
  NBParams zero_nb{};
  DeviceArray<NBParams> g_nb(std::vector<NBParams>{zero_nb});
  CUAD_GRAD(CUAD_LAUNCH(nonbonded_switched_grad_1_2_4_5_8_9_10_11<32>, 2, 32, n, d4(d_p), d_q.ptr, d_type.ptr,
                        d_e.ptr, d_s.ptr, d_start.ptr, d_idx.ptr, nb, d_f.ptr, d_en.ptr, d_v.ptr, d4(g_p), g_q.ptr,
                        g_e.ptr, g_s.ptr, g_nb.ptr, g_f.ptr, g_en.ptr, g_v.ptr));
  check.array("pos", g_p.get(), fd(pos, loss));
  check.array("charge", g_q.get(), fd(q, loss));
  check.array("eps", g_e.get(), fd(eps, loss));
  check.array("sigma", g_s.get(), fd(sigma, loss));
  const NBParams gnb = g_nb.get()[0];
  check.scalar("nb.r_on", gnb.r_on, fd(nb.r_on, loss));
  check.scalar("nb.r_off", gnb.r_off, fd(nb.r_off, loss));
  check.scalar("nb.k_rf", gnb.k_rf, fd(nb.k_rf, loss));
  check.scalar("nb.c_rf", gnb.c_rf, fd(nb.c_rf, loss));
  check.scalar("nb.coulomb", gnb.coulomb, fd(nb.coulomb, loss));
  for (int d = 0; d < 3; ++d) check.scalar(at("nb.box", d), gnb.box[d], fd(nb.box[d], loss));
  check.array("force", g_f.get(), zeros<double>(3 * n));
  check.array("energy", g_en.get(), zeros<double>(n));
  check.array("virial", g_v.get(), fd(v0, loss));
  return check.finish();
}
