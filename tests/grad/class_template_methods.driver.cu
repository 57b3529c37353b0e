#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("class_template_methods");
  const int n = 48;
  Rng rng(71);
  std::vector<double> out = rng.vec(n), w = rng.vec(n), pf = rng.vec(3 * n), cf = rng.vec(4 * n);
  auto points = [&](const std::vector<double>& f) {
    std::vector<Vec3T<double>> v(n);
    for (int i = 0; i < n; ++i) v[i] = Vec3T<double>{f[3 * i], f[3 * i + 1], f[3 * i + 2]};
    return v;
  };
  auto polys = [&](const std::vector<double>& f) {
    std::vector<Poly<double, 4>> v(n);
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < 4; ++k) v[i].c[k] = f[4 * i + k];
    return v;
  };
  auto loss = [&] {
    DeviceArray<double> d_out(out);
    DeviceArray<Vec3T<double>> d_p(points(pf));
    DeviceArray<Poly<double, 4>> d_poly(polys(cf));
    CUAD_LAUNCH(k, 2, 32, d_out.ptr, d_p.ptr, d_poly.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), a_out(w);
  DeviceArray<Vec3T<double>> d_p(points(pf)), a_p(points(std::vector<double>(3 * n, 0.0)));
  DeviceArray<Poly<double, 4>> d_poly(polys(cf)), a_poly(polys(std::vector<double>(4 * n, 0.0)));
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1_2, 2, 32, d_out.ptr, d_p.ptr, d_poly.ptr, n, a_out.ptr, a_p.ptr,
                        a_poly.ptr));
  std::vector<double> gp(3 * n), gc(4 * n);
  std::vector<Vec3T<double>> ap = a_p.get();
  std::vector<Poly<double, 4>> ac = a_poly.get();
  for (int i = 0; i < n; ++i) {
    gp[3 * i] = ap[i].x;
    gp[3 * i + 1] = ap[i].y;
    gp[3 * i + 2] = ap[i].z;
    for (int k = 0; k < 4; ++k) gc[4 * i + k] = ac[i].c[k];
  }
  check.array("out", a_out.get(), fd(out, loss));
  check.array("p", gp, fd(pf, loss));
  check.array("poly", gc, fd(cf, loss));
  return check.finish();
}
