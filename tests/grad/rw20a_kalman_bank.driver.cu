#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20a_kalman_bank");
  Rng rng(200105);
  const int n = 40, frames = 5;
  std::vector<double> q = rng.vec(n, 0.2, 0.8), r = rng.vec(n, 0.1, 0.5);
  std::vector<double> x0 = rng.vec(2 * n, -1.0, 1.0), zs = rng.vec(frames * n, -1.5, 1.5);
  double dt = 0.3;
  const std::vector<double> w = rng.vec(2 * n);
  auto loss = [&] {
    DeviceArray<double> dq(q), dr(r);
    NoiseModel m{dq.ptr, dr.ptr, dt, n};
    std::vector<double> out(2 * n, 0.0);
    kalman_track(m, x0.data(), zs.data(), out.data(), frames);
    return dot(w, out);
  };
  DeviceArray<double> dq(q), dr(r), aq(zeros<double>(n)), ar(zeros<double>(n));
  NoiseModel m{dq.ptr, dr.ptr, dt, n};
  NoiseModel am{aq.ptr, ar.ptr, 0.0, 0};
  std::vector<double> xhat(2 * n, 0.0), gx0(2 * n, 0.0), gzs(frames * n, 0.0), gxhat = w;
  CUAD_GRAD(kalman_track_grad_0_1_2_3(m, x0.data(), zs.data(), xhat.data(), frames, &am,
                                      gx0.data(), gzs.data(), gxhat.data()));
  check.array("q", aq.get(), fd(q, loss));
  check.array("r", ar.get(), fd(r, loss));
  check.scalar("dt", am.dt, fd(dt, loss));
  check.array("x0", gx0, fd(x0, loss));
  check.array("zs", gzs, fd(zs, loss));
  check.array("xhat", gxhat, std::vector<double>(2 * n, 0.0));
  return check.finish();
}
