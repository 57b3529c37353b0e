#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cucomplex");
  const int n = 40;
  Rng rng(141);
  std::vector<double> y = rng.vec(n), wt = rng.vec(n);
  std::vector<float> zf = rng.vec<float>(2 * n, 0.3, 1.2);
  cuDoubleComplex w = make_cuDoubleComplex(0.7, -0.4);
  auto complexes = [&](const std::vector<float>& f) {
    std::vector<cuFloatComplex> z(n);
    for (int i = 0; i < n; ++i) z[i] = make_cuFloatComplex(f[2 * i], f[2 * i + 1]);
    return z;
  };
  auto loss = [&] {
    DeviceArray<double> d_y(y);
    DeviceArray<cuFloatComplex> d_z(complexes(zf));
    CUAD_LAUNCH(spectrum, 2, 32, d_y.ptr, d_z.ptr, w, n);
    return dot(wt, d_y.get());
  };
  DeviceArray<double> d_y(y), a_y(wt);
  DeviceArray<cuFloatComplex> d_z(complexes(zf)), a_z(complexes(std::vector<float>(2 * n, 0.f)));
  DeviceArray<cuDoubleComplex> a_w(1, make_cuDoubleComplex(0.0, 0.0));
  CUAD_GRAD(CUAD_LAUNCH(spectrum_grad_0_1_2, 2, 32, d_y.ptr, d_z.ptr, w, n, a_y.ptr, a_z.ptr, a_w.ptr));
  std::vector<cuFloatComplex> gz = a_z.get();
  std::vector<double> g(2 * n);
  for (int i = 0; i < n; ++i) {
    g[2 * i] = gz[i].x;
    g[2 * i + 1] = gz[i].y;
  }
  check.array("y", a_y.get(), fd(y, loss));
  check.array("z", g, fd(zf, loss), Tol{1e-3, 1e-3});
  cuDoubleComplex gw = a_w.get()[0];
  check.scalar("w.x", gw.x, fd(w.x, loss), Tol{1e-3, 1e-3});
  check.scalar("w.y", gw.y, fd(w.y, loss), Tol{1e-3, 1e-3});
  return check.finish();
}
