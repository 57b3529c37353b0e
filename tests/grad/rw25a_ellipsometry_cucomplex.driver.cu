#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_ellipsometry_cucomplex");
  Rng rng(26818);
  const int nlam = 11, nang = 3, ns = nlam * nang;
  std::vector<double> sell = {1.05, 0.21, 0.88, 0.0061, 0.021, 97.0};
  double k_ext = 0.012, thick = 0.105;
  std::vector<double> lams(nlam), angles(nang);
  for (int i = 0; i < nlam; ++i) lams[i] = 0.43 + 0.043 * i + rng.uniform(-0.002, 0.002);  // avoid the table knots
  for (int a = 0; a < nang; ++a) angles[a] = (55.0 + 10.0 * a) * 3.141592653589793 / 180.0;
  auto run = [&](const std::vector<double>& s, double k, double d, const std::vector<double>& o0) {
    DeviceArray<double> ds(s), dl(lams), da(angles), dout(o0);
    CUAD_LAUNCH(ellipsometry, 1, 128, ds.ptr, k, d, dl.ptr, da.ptr, nlam, nang, dout.ptr);
    return dout.get();
  };
  const std::vector<double> o0 = rng.vec(2 * ns);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(2 * ns);
  std::vector<double> oin = o0;
  auto loss = [&] { return dot(w, run(sell, k_ext, thick, oin)); };
  DeviceArray<double> ds(sell), dl(lams), da(angles), dout(o0), gs(zeros<double>(6)), go(w);
  DeviceScalar<double> gk, gd;
  CUAD_GRAD(CUAD_LAUNCH(ellipsometry_grad_0_1_2_7, 1, 128, ds.ptr, k_ext, thick, dl.ptr, da.ptr, nlam, nang, dout.ptr,
                        gs.ptr, gk.ptr, gd.ptr, go.ptr));
  check.array("sellmeier", gs.get(), fd(sell, loss));
  check.scalar("k_ext", gk.value(), fd(k_ext, loss));
  check.scalar("thickness", gd.value(), fd(thick, loss));
  check.array("psi_delta", go.get(), fd(oin, loss));
#else
  const std::vector<double> vs = {0.05, -0.02, 0.03, 0.0003, -0.001, 2.0};
  const double vk = 0.004, vd = -0.01;
  auto outputs_at = [&](double t) { return run(along(sell, t, vs), along(k_ext, t, vk), along(thick, t, vd), o0); };
  DeviceArray<double> ds(sell), dl(lams), da(angles), dout(o0), ts(vs), tout(zeros<double>(2 * ns));
  CUAD_GRAD(CUAD_LAUNCH(ellipsometry_pushforward_0_1_2_7, 1, 128, ds.ptr, k_ext, thick, dl.ptr, da.ptr, nlam, nang,
                        dout.ptr, ts.ptr, vk, vd, tout.ptr));
  check.array("tangents", tout.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("values", dout.get(), run(sell, k_ext, thick, o0));
#endif
#endif
  return check.finish();
}
