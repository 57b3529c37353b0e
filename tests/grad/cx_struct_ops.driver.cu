#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<Vec3> v3(const std::vector<double>& v) {
  std::vector<Vec3> o(v.size() / 3);
  for (size_t i = 0; i < o.size(); ++i) o[i] = {v[3 * i], v[3 * i + 1], v[3 * i + 2]};
  return o;
}
static std::vector<double> flat(const std::vector<Vec3>& v) {
  std::vector<double> o;
  for (const Vec3& a : v) o.insert(o.end(), {a.x, a.y, a.z});
  return o;
}

int main() {
  Checker check("cx_struct_ops");
  const int n = 12;
  Rng rng(104);
  std::vector<double> out = rng.vec(3 * n), w = rng.vec(3 * n), a = rng.vec(3 * n), b = rng.vec(3 * n);
  double s = 0.7;
  auto loss = [&] {
    DeviceArray<Vec3> d_out(v3(out)), d_a(v3(a)), d_b(v3(b));
    CUAD_LAUNCH(vops, 1, 32, d_out.ptr, d_a.ptr, d_b.ptr, s, n);
    return dot(w, flat(d_out.get()));
  };
  DeviceArray<Vec3> d_out(v3(out)), a_out(v3(w)), d_a(v3(a)), a_a(v3(zeros<double>(3 * n))),
      d_b(v3(b)), a_b(v3(zeros<double>(3 * n)));
  DeviceScalar<double> a_s;
  CUAD_GRAD(CUAD_LAUNCH(vops_grad_0_1_2_3, 1, 32, d_out.ptr, d_a.ptr, d_b.ptr, s, n, a_out.ptr,
                        a_a.ptr, a_b.ptr, a_s.ptr));
  check.array("out", flat(a_out.get()), fd(out, loss));
  check.array("a", flat(a_a.get()), fd(a, loss));
  check.array("b", flat(a_b.get()), fd(b, loss));
  check.scalar("s", a_s.value(), fd(s, loss));
  return check.finish();
}
