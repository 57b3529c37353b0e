#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26b_bootstrap_newton");
  Rng rng(26111);
  const int n = 6;
  std::vector<double> quotes(n * NQ);
  for (int c = 0; c < n; ++c)
    for (int i = 0; i < NQ; ++i)
      quotes[c * NQ + i] = 0.025 + 0.0025 * i + rng.uniform(-0.003, 0.003);
  const std::vector<double> df0 = zeros<double>(n * NQ), z0 = zeros<double>(n * NQ);
  auto run = [&](const std::vector<double>& qq) {
    DeviceArray<double> dq(qq), dd(df0), dz(z0);
    CUAD_LAUNCH(bootstrap_curves, 1, 32, dq.ptr, n, dd.ptr, dz.ptr);
    std::vector<double> out = dd.get(), z = dz.get();
    out.insert(out.end(), z.begin(), z.end());
    return out;
  };
  {
    // the bootstrapped curve reprices the 10y swap
    const std::vector<double> o = run(quotes);
    double ann = 0.0;
    for (int y = 1; y <= 10; ++y) {
      const double t[NQ] = {0.25, 0.5, 1, 2, 3, 5, 7, 10};
      int k = 1;
      while (t[k] < y - 1e-9) ++k;
      const double w = (y - t[k - 1]) / (t[k] - t[k - 1]);
      ann += std::exp((1 - w) * std::log(o[k - 1]) + w * std::log(o[k]));
    }
    check.expect(std::fabs(quotes[NQ - 1] * ann + o[NQ - 1] - 1.0) < 1e-12, "10y swap reprices");
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> wd = rng.vec(n * NQ), wz = rng.vec(n * NQ);
  auto loss = [&] {
    const std::vector<double> o = run(quotes);
    return dot(wd, std::vector<double>(o.begin(), o.begin() + n * NQ)) +
           dot(wz, std::vector<double>(o.begin() + n * NQ, o.end()));
  };
  DeviceArray<double> dq(quotes), dd(df0), dz(z0), gq(zeros<double>(n * NQ)), gd(wd), gz(wz);
  CUAD_GRAD(CUAD_LAUNCH(bootstrap_curves_grad_0_2_3, 1, 32, dq.ptr, n, dd.ptr, dz.ptr, gq.ptr,
                        gd.ptr, gz.ptr));
  check.array("quotes", gq.get(), fd(quotes, loss));
  check.array("df", gd.get(), zeros<double>(n * NQ));
  check.array("zero", gz.get(), zeros<double>(n * NQ));
#else
  const std::vector<double> vq = rng.vec(n * NQ, -0.002, 0.002);
  auto outputs_at = [&](double t) { return run(along(quotes, t, vq)); };
  DeviceArray<double> dq(quotes), dd(df0), dz(z0), tq(vq), td(zeros<double>(n * NQ)),
      tz(zeros<double>(n * NQ));
  CUAD_GRAD(CUAD_LAUNCH(bootstrap_curves_pushforward, 1, 32, dq.ptr, n, dd.ptr, dz.ptr,
                        tq.ptr, td.ptr, tz.ptr));
  std::vector<double> t = td.get(), tzv = tz.get();
  t.insert(t.end(), tzv.begin(), tzv.end());
  check.array("df, zero tangents", t, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
