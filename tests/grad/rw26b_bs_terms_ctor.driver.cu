#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26b_bs_terms_ctor");
  Rng rng(26115);
  const int n = 40;
  std::vector<double> spot = rng.vec(n, 80.0, 120.0), vol = rng.vec(n, 0.1, 0.5);
  const std::vector<double> strike = rng.vec(n, 85.0, 115.0), expiry = rng.vec(n, 0.1, 3.0);
  std::vector<int> is_call(n);
  for (int i = 0; i < n; ++i) is_call[i] = (i % 3) != 1;
  double r = 0.04;
  const double q = 0.015;
  auto run = [&](const std::vector<double>& s, const std::vector<double>& v, double rr) {
    DeviceArray<double> ds(s), dv(v), dk(strike), dt(expiry), dp(zeros<double>(n)),
        dd(zeros<double>(n));
    DeviceArray<int> dc(is_call);
    CUAD_LAUNCH(vanilla_book, 2, 32, ds.ptr, dv.ptr, dk.ptr, dt.ptr, dc.ptr, rr, q, n, dp.ptr,
                dd.ptr);
    std::vector<double> out = dp.get(), d = dd.get();
    out.insert(out.end(), d.begin(), d.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(2 * n);
  auto loss = [&] { return dot(w, run(spot, vol, r)); };
  DeviceArray<double> ds(spot), dv(vol), dk(strike), dt(expiry), dp(zeros<double>(n)),
      dd(zeros<double>(n)), gs(zeros<double>(n)), gv(zeros<double>(n)),
      gp(std::vector<double>(w.begin(), w.begin() + n)), gd(std::vector<double>(w.begin() + n, w.end()));
  DeviceArray<int> dc(is_call);
  DeviceScalar<double> gr(0.0);
  CUAD_GRAD(CUAD_LAUNCH(vanilla_book_grad_0_1_5_8_9, 2, 32, ds.ptr, dv.ptr, dk.ptr, dt.ptr, dc.ptr,
                        r, q, n, dp.ptr, dd.ptr, gs.ptr, gv.ptr, gr.ptr, gp.ptr, gd.ptr));
  check.array("spot", gs.get(), fd(spot, loss));
  check.array("vol", gv.get(), fd(vol, loss));
  check.scalar("r", gr.value(), fd(r, loss));
  check.array("price", gp.get(), zeros<double>(n));
  check.array("delta", gd.get(), zeros<double>(n));
#else
  const std::vector<double> vs = rng.vec(n, -2.0, 2.0), vv = rng.vec(n, -0.05, 0.05);
  const double vr = 0.01;
  auto outputs_at = [&](double t) { return run(along(spot, t, vs), along(vol, t, vv), along(r, t, vr)); };
  DeviceArray<double> ds(spot), dv(vol), dk(strike), dt(expiry), dp(zeros<double>(n)),
      dd(zeros<double>(n)), ts(vs), tv(vv), tp(zeros<double>(n)), td(zeros<double>(n));
  DeviceArray<int> dc(is_call);
  CUAD_GRAD(CUAD_LAUNCH(vanilla_book_pushforward_0_1_5_8_9, 2, 32, ds.ptr, dv.ptr, dk.ptr, dt.ptr,
                        dc.ptr, r, q, n, dp.ptr, dd.ptr, ts.ptr, tv.ptr, vr, tp.ptr, td.ptr));
  std::vector<double> t = tp.get(), d = td.get();
  t.insert(t.end(), d.begin(), d.end());
  check.array("price, delta tangents", t, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
