#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cpp_ns_alias");
  const int n = 40;
  Rng rng(34);
  std::vector<double> raw = rng.vec(6 * n), w = rng.vec(n);
  std::vector<m::Vec3> r(n), f(n);
  for (int i = 0; i < n; ++i) {
    r[i] = m::Vec3{raw[6 * i], raw[6 * i + 1], raw[6 * i + 2]};
    f[i] = m::Vec3{raw[6 * i + 3], raw[6 * i + 4], raw[6 * i + 5]};
  }
  auto loss = [&] {
    DeviceArray<m::Vec3> dr(r), df(f);
    DeviceArray<double> dt(zeros<double>(n));
    CUAD_LAUNCH(torque, 2, 32, dt.ptr, dr.ptr, df.ptr, n);
    return dot(w, dt.get());
  };
  std::vector<m::Vec3> z(n, m::Vec3{0.0, 0.0, 0.0});
  DeviceArray<m::Vec3> dr(r), df(f), d_r(z), d_f(z);
  DeviceArray<double> dt(zeros<double>(n)), d_t(w);
  CUAD_GRAD(CUAD_LAUNCH(torque_grad_0_1_2, 2, 32, dt.ptr, dr.ptr, df.ptr, n, d_t.ptr, d_r.ptr,
                        d_f.ptr));
  std::vector<m::Vec3> gr = d_r.get(), gf = d_f.get();
  for (int i = 0; i < n; ++i) {
    check.scalar("r.x", gr[i].x, fd(r[i].x, loss));
    check.scalar("r.y", gr[i].y, fd(r[i].y, loss));
    check.scalar("r.z", gr[i].z, fd(r[i].z, loss));
    check.scalar("f.x", gf[i].x, fd(f[i].x, loss));
    check.scalar("f.y", gf[i].y, fd(f[i].y, loss));
    check.scalar("f.z", gf[i].z, fd(f[i].z, loss));
  }
  return check.finish();
}
