#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_soft_histogram");
  Rng rng(23007);
  const int n = 150, grid = 3, block = 16;
  double scale = 2.0;
  // positions in (-1, 12.6) scaled by 2 -> (-2, 25.2): some samples fall off both ends;
  // keep every scaled position at least 0.05 away from an integer (the bin boundaries)
  std::vector<double> pos(n), weight = rng.vec(n, 0.1, 2.0), hist = rng.vec(NBINS, 0.0, 1.0);
  for (int i = 0; i < n; ++i) {
    double p;
    do p = rng.uniform(-1.0, 12.6); while (std::fabs(p * scale - std::round(p * scale)) < 0.05);
    pos[i] = p;
  }
  auto run = [&](const std::vector<double>& p, const std::vector<double>& w, double s, const std::vector<double>& h) {
    DeviceArray<double> dp(p), dw(w), dh(h);
    CUAD_LAUNCH(soft_histogram, grid, block, n, dp.ptr, dw.ptr, s, dh.ptr);
    return dh.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> wh = rng.vec(NBINS);
  auto loss = [&] { return dot(wh, run(pos, weight, scale, hist)); };
  DeviceArray<double> dp(pos), dw(weight), dh(hist), gp(zeros<double>(n)), gw(zeros<double>(n)), gh(wh);
  DeviceScalar<double> gs(0.0);
  CUAD_GRAD(CUAD_LAUNCH(soft_histogram_grad_1_2_3_4, grid, block, n, dp.ptr, dw.ptr, scale, dh.ptr, gp.ptr,
                        gw.ptr, gs.ptr, gh.ptr));
  check.array("pos", gp.get(), fd(pos, loss));
  check.array("weight", gw.get(), fd(weight, loss));
  check.scalar("scale", gs.value(), fd(scale, loss));
  check.array("hist", gh.get(), fd(hist, loss));
#else
  const std::vector<double> tp = rng.vec(n), tw = rng.vec(n), th = rng.vec(NBINS);
  const double ts = 0.3;
  auto outputs_at = [&](double t) {
    return run(along(pos, t, tp), along(weight, t, tw), scale + t * ts, along(hist, t, th));
  };
  DeviceArray<double> dp(pos), dw(weight), dh(hist), t_p(tp), t_w(tw), t_h(th);
  CUAD_GRAD(CUAD_LAUNCH(soft_histogram_pushforward, grid, block, n, dp.ptr, dw.ptr, scale, dh.ptr,
                        t_p.ptr, t_w.ptr, ts, t_h.ptr));
  check.array("hist tangent", t_h.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
