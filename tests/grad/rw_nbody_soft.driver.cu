#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<float4> to4(const std::vector<float>& v) {
  std::vector<float4> r(v.size() / 4);
  for (size_t i = 0; i < r.size(); ++i)
    r[i] = make_float4(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
  return r;
}
static std::vector<float> from4(const std::vector<float4>& v) {
  std::vector<float> r;
  for (auto& q : v) r.insert(r.end(), {q.x, q.y, q.z, q.w});
  return r;
}

int main() {
  Checker check("rw_nbody_soft");
  const int n = 40;
  const float soft2 = 0.05f;
  Rng rng(37);
  std::vector<float> pos = rng.vec<float>(4 * n, -2.0, 2.0), mass = rng.vec<float>(n, 0.5, 1.5),
                     acc = rng.vec<float>(4 * n), w = rng.vec<float>(4 * n);
  auto loss = [&] {
    DeviceArray<float4> d_a(to4(acc)), d_p(to4(pos));
    DeviceArray<float> d_m(mass);
    CUAD_LAUNCH(nbody_accel, 1, 16, d_a.ptr, d_p.ptr, d_m.ptr, n, soft2);
    return dot(w, from4(d_a.get()));
  };
  DeviceArray<float4> d_a(to4(acc)), d_p(to4(pos)), a_a(to4(w)),
      a_p(to4(zeros<float>(4 * n)));
  DeviceArray<float> d_m(mass), a_m(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(nbody_accel_grad_0_1_2, 1, 16, d_a.ptr, d_p.ptr, d_m.ptr, n, soft2, a_a.ptr,
                        a_p.ptr, a_m.ptr));
  check.array("acc", from4(a_a.get()), fd(acc, loss));
  check.array("pos", from4(a_p.get()), fd(pos, loss));
  check.array("mass", a_m.get(), fd(mass, loss));
  return check.finish();
}
