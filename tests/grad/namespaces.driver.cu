#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("namespaces");
  const int n = 100;
  Rng rng(41);
  std::vector<double> out = rng.vec(n), w = rng.vec(n), coords = rng.vec(2 * n);
  std::vector<geo::Point> p(n);
  double gain = 0.7;
  auto points = [&] {
    for (int i = 0; i < n; ++i) p[i] = {coords[2 * i], coords[2 * i + 1]};
    return p;
  };
  auto loss = [&] {
    std::vector<geo::Point> q = points();
#if CUAD_OUTPUT == 1
    DeviceArray<double> d_out(out);
    DeviceArray<geo::Point> d_p(q);
    CUAD_LAUNCH(geo::inner::shade, 2, 64, d_out.ptr, d_p.ptr, gain, n);
    return dot(w, d_out.get());
#else
    std::vector<double> o = out;
    geo::run_shade(o.data(), q.data(), gain, n);
    return dot(w, o);
#endif
  };
  std::vector<geo::Point> q = points(), a_p(n, geo::Point{0.0, 0.0});
#if CUAD_OUTPUT == 1
  DeviceArray<double> d_out(out), a_out(w);
  DeviceArray<geo::Point> d_p(q), da_p(a_p);
  DeviceScalar<double> da_gain;
  CUAD_GRAD(CUAD_LAUNCH(geo::inner::shade_grad_0_1_2, 2, 64, d_out.ptr, d_p.ptr, gain, n, a_out.ptr,
                        da_p.ptr, da_gain.ptr));
  std::vector<double> g_out = a_out.get();
  a_p = da_p.get();
  double a_gain = da_gain.value();
#else
  std::vector<double> o = out, g_out = w;
  double a_gain = 0.0;
  CUAD_GRAD(geo::run_shade_grad_0_1_2(o.data(), q.data(), gain, n, g_out.data(), a_p.data(),
                                      &a_gain));
#endif
  std::vector<double> a_coords(2 * n);
  for (int i = 0; i < n; ++i) {
    a_coords[2 * i] = a_p[i].x;
    a_coords[2 * i + 1] = a_p[i].y;
  }
  check.array("out", g_out, fd(out, loss));
  check.array("p", a_coords, fd(coords, loss));
  check.scalar("gain", a_gain, fd(gain, loss));
  return check.finish();
}
