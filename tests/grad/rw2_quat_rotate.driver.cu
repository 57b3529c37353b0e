#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_quat_rotate");
  const int n = 40;
  Rng rng(223);
  std::vector<float> p = rng.vec<float>(3 * n), q = rng.vec<float>(4 * n), o = rng.vec<float>(3 * n),
                     w = rng.vec<float>(3 * n);
  auto to3 = [](const std::vector<float>& v) {
    std::vector<float3> r(v.size() / 3);
    for (size_t i = 0; i < r.size(); ++i) r[i] = make_float3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
    return r;
  };
  auto to4 = [](const std::vector<float>& v) {
    std::vector<float4> r(v.size() / 4);
    for (size_t i = 0; i < r.size(); ++i)
      r[i] = make_float4(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
    return r;
  };
  auto fl3 = [](const std::vector<float3>& v) {
    std::vector<float> r;
    for (auto e : v) r.insert(r.end(), {e.x, e.y, e.z});
    return r;
  };
  auto fl4 = [](const std::vector<float4>& v) {
    std::vector<float> r;
    for (auto e : v) r.insert(r.end(), {e.x, e.y, e.z, e.w});
    return r;
  };
  auto loss = [&] {
    DeviceArray<float3> d_o(to3(o)), d_p(to3(p));
    DeviceArray<float4> d_q(to4(q));
    CUAD_LAUNCH(rotate_points, 2, 32, d_o.ptr, d_p.ptr, d_q.ptr, n);
    return dot(w, fl3(d_o.get()));
  };
  DeviceArray<float3> d_o(to3(o)), d_p(to3(p)), a_o(to3(w)), a_p(to3(zeros<float>(3 * n)));
  DeviceArray<float4> d_q(to4(q)), a_q(to4(zeros<float>(4 * n)));
  CUAD_GRAD(CUAD_LAUNCH(rotate_points_grad_0_1_2, 2, 32, d_o.ptr, d_p.ptr, d_q.ptr, n, a_o.ptr,
                        a_p.ptr, a_q.ptr));
  check.array("out", fl3(a_o.get()), fd(o, loss));
  check.array("pts", fl3(a_p.get()), fd(p, loss));
  check.array("quats", fl4(a_q.get()), fd(q, loss));
  return check.finish();
}
