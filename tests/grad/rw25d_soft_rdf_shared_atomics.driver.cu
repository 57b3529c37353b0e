#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_soft_rdf_shared_atomics");
  Rng rng(25430);
  const int n = 20;
  const double box = 5.0, r_max = 2.4;
  std::vector<double> pos = rng.vec(3 * n, 0.0, box);
  double sigma = 0.11;
  const double dr = r_max / NBINS;
  // distances away from r_max, from the half box and from the +-4 sigma bin edges
  auto mi = [&](double d) { return d - box * std::rint(d / box); };
  int inside = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      double r2 = 0;
      for (int k = 0; k < 3; ++k) {
        const double x = mi(pos[3 * i + k] - pos[3 * j + k]);
        r2 += x * x;
      }
      const double r = std::sqrt(r2);
      if (r < r_max) {
        ++inside;
        for (double e : {(r - 4 * sigma) / dr, (r + 4 * sigma) / dr}) {
          const double f = e - std::floor(e);
          check.expect(f > 1e-3 && f < 1 - 1e-3, "bin range edges away from integers");
        }
      }
      check.expect(std::fabs(r - r_max) > 1e-3, "pair away from r_max");
      for (int k = 0; k < 3 && r < r_max + 0.5; ++k)
        check.expect(std::fabs(std::fabs(mi(pos[3 * i + k] - pos[3 * j + k])) - box / 2) > 1e-3, "away from half box");
    }
  std::printf("pairs inside r_max: %d\n", inside);
  std::vector<double> h0 = rng.vec(NBINS, 0.0, 1.0);  // accumulated into
  auto run = [&](const std::vector<double>& p, double s, const std::vector<double>& h) {
    DeviceArray<double> dp(p), dh(h);
    CUAD_LAUNCH(soft_rdf, 3, 32, n, dp.ptr, box, r_max, s, dh.ptr);
    return dh.get();
  };
  DeviceArray<double> dp(pos), dh(h0);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(NBINS);
  auto loss = [&] { return dot(w, run(pos, sigma, h0)); };
  DeviceArray<double> gp(zeros<double>(3 * n)), gs(zeros<double>(1)), gh(w);
  CUAD_GRAD(CUAD_LAUNCH(soft_rdf_grad_1_4_5, 3, 32, n, dp.ptr, box, r_max, sigma, dh.ptr, gp.ptr, gs.ptr, gh.ptr));
  check.array("pos", gp.get(), fd(pos, loss));
  check.scalar("sigma", gs.get()[0], fd(sigma, loss));
  check.array("hist", gh.get(), fd(h0, loss));
#else
  const std::vector<double> vp = rng.vec(3 * n, -0.3, 0.3), vh = rng.vec(NBINS);
  const double vs = 0.02;
  auto outputs_at = [&](double t) { return run(along(pos, t, vp), along(sigma, t, vs), along(h0, t, vh)); };
  DeviceArray<double> tp(vp), th(vh);
  CUAD_GRAD(CUAD_LAUNCH(soft_rdf_pushforward_1_4_5, 3, 32, n, dp.ptr, box, r_max, sigma, dh.ptr, tp.ptr, vs, th.ptr));
  check.array("tangent", th.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
