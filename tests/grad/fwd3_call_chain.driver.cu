#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd3_call_chain");
  const int n = 30, m = 5;
  Rng rng(304);
  std::vector<double> x = rng.vec(n, -1.0, 1.0), vx = rng.vec(n), vtab = rng.vec(m);
  std::vector<double> tab = {-0.8, -0.35, 0.05, 0.45, 0.85};
  for (int i = 0; i < n; ++i)
    for (double tj : tab)
      if (std::fabs(x[i] - tj) < 0.02) x[i] += 0.05;
  Quad q{0.3, -0.7}, vq{0.2, 0.5};
  Decay d{0.4}, vd{-0.3};
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dt(along(tab, t, vtab)), dout(zeros<double>(n));
    Quad qt{along(q.a, t, vq.a), along(q.b, t, vq.b)};
    Decay dd{along(d.k, t, vd.k)};
    CUAD_LAUNCH(shade, 1, 32, n, dx.ptr, dt.ptr, m, qt, dd, dout.ptr);
    return dout.get();
  };
  DeviceArray<double> dx(x), d_x(vx), dt(tab), d_t(vtab), dout(zeros<double>(n)), d_out(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(shade_pushforward, 1, 32, n, dx.ptr, dt.ptr, m, q, d, dout.ptr, d_x.ptr, d_t.ptr,
                        vq, vd, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
  return check.finish();
}
