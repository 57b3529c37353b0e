#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_morse_bool_helper");
  Rng rng(25429);
  // a ring polymer of 16 atoms plus cross-links; the box is periodic
  const int n = 16;
  const double box = 8.0, rmax = 2.6, r_diss = 2.0;
  std::vector<double> pos(3 * n);
  for (int i = 0; i < n; ++i) {
    const double t = 2.0 * M_PI * i / n;
    pos[3 * i] = 4.0 + 2.4 * std::cos(t) + rng.uniform(-0.2, 0.2);
    pos[3 * i + 1] = 4.0 + 2.4 * std::sin(t) + rng.uniform(-0.2, 0.2);
    pos[3 * i + 2] = 4.0 + rng.uniform(-0.3, 0.3);
  }
  pos[3 * 5] += 0.9;  // stretch a few bonds past the dissociation cutoff
  pos[3 * 11 + 1] -= 1.0;
  std::vector<int> start = {0}, partner, btype;
  for (int i = 0; i < n; ++i) {
    partner.push_back((i + 1) % n), btype.push_back(0);
    partner.push_back((i + n - 1) % n), btype.push_back(0);
    if (i % 4 == 0) partner.push_back((i + n / 2) % n), btype.push_back(1);  // long cross-link, out of range
    if (i % 4 == 2) partner.push_back((i + 2) % n), btype.push_back(1);
    if (i % 4 == 0) partner.push_back((i + n - 2) % n), btype.push_back(1);
    start.push_back((int)partner.size());
  }
  int beyond = 0, out_of_range = 0;
  for (int i = 0; i < n; ++i)
    for (int b = start[i]; b < start[i + 1]; ++b) {
      double r2 = 0;
      for (int k = 0; k < 3; ++k) {
        double x = pos[3 * partner[b] + k] - pos[3 * i + k];
        x -= box * std::rint(x / box);
        r2 += x * x;
      }
      const double r = std::sqrt(r2);
      check.expect(std::fabs(r - rmax) > 1e-3 && std::fabs(r - r_diss) > 1e-3, "bonds away from the cutoffs");
      out_of_range += r >= rmax;
      beyond += r > r_diss && r < rmax;
    }
  std::printf("bonds beyond dissociation %d, out of range %d\n", beyond, out_of_range);
  check.expect(beyond > 0 && out_of_range > 0, "both early exits used");
  std::vector<double> D = {1.2, 0.4}, A = {1.5, 1.1}, R0 = {0.95, 1.6};
  auto run = [&](const std::vector<double>& p, const std::vector<double>& d, const std::vector<double>& a,
                 const std::vector<double>& r0) {
    DeviceArray<double> dp(p), dd(d), da(a), dr(r0), de(zeros<double>(n)), df(zeros<double>(3 * n));
    DeviceArray<int> ds(start), dpn(partner), dt(btype);
    CUAD_LAUNCH(morse_bonds, 1, 32, n, dp.ptr, ds.ptr, dpn.ptr, dt.ptr, dd.ptr, da.ptr, dr.ptr, box, rmax, r_diss,
                de.ptr, df.ptr);
    std::vector<double> out = de.get(), f = df.get();
    out.insert(out.end(), f.begin(), f.end());
    return out;
  };
  DeviceArray<double> dp(pos), dd(D), da(A), dr(R0), de(zeros<double>(n)), df(zeros<double>(3 * n));
  DeviceArray<int> ds(start), dpn(partner), dt(btype);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(4 * n);
  auto loss = [&] { return dot(w, run(pos, D, A, R0)); };
  DeviceArray<double> gp(zeros<double>(3 * n)), gd(zeros<double>(2)), ga(zeros<double>(2)), gr(zeros<double>(2)),
      ge(std::vector<double>(w.begin(), w.begin() + n)), gf(std::vector<double>(w.begin() + n, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(morse_bonds_grad_1_5_6_7_11_12, 1, 32, n, dp.ptr, ds.ptr, dpn.ptr, dt.ptr, dd.ptr, da.ptr,
                        dr.ptr, box, rmax, r_diss, de.ptr, df.ptr, gp.ptr, gd.ptr, ga.ptr, gr.ptr, ge.ptr, gf.ptr));
  check.array("pos", gp.get(), fd(pos, loss));
  check.array("D", gd.get(), fd(D, loss));
  check.array("a", ga.get(), fd(A, loss));
  check.array("r0", gr.get(), fd(R0, loss));
  check.array("energy", ge.get(), zeros<double>(n));
  check.array("force", gf.get(), zeros<double>(3 * n));
#else
  const std::vector<double> vp = rng.vec(3 * n, -0.3, 0.3), vd = {0.2, -0.1}, va = {-0.3, 0.2}, vr = {0.1, 0.05};
  auto outputs_at = [&](double t) { return run(along(pos, t, vp), along(D, t, vd), along(A, t, va), along(R0, t, vr)); };
  DeviceArray<double> tp(vp), td(vd), ta(va), tr(vr), te(zeros<double>(n)), tf(zeros<double>(3 * n));
  CUAD_GRAD(CUAD_LAUNCH(morse_bonds_pushforward_1_5_6_7_11_12, 1, 32, n, dp.ptr, ds.ptr, dpn.ptr, dt.ptr, dd.ptr, da.ptr,
                        dr.ptr, box, rmax, r_diss, de.ptr, df.ptr, tp.ptr, td.ptr, ta.ptr, tr.ptr, te.ptr, tf.ptr));
  std::vector<double> tan = te.get(), t2 = tf.get();
  tan.insert(tan.end(), t2.begin(), t2.end());
  check.array("tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
