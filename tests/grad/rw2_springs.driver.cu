#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_springs");
  const int gx = 4, gy = 3, nv = gx * gy;
  std::vector<int2> e;
  for (int y = 0; y < gy; ++y)
    for (int x = 0; x < gx; ++x) {
      if (x + 1 < gx) e.push_back(make_int2(y * gx + x, y * gx + x + 1));
      if (y + 1 < gy) e.push_back(make_int2(y * gx + x, (y + 1) * gx + x));
      if (x + 1 < gx && y + 1 < gy) e.push_back(make_int2(y * gx + x, (y + 1) * gx + x + 1));
    }
  const int ne = (int)e.size();
  Rng rng(226);
  std::vector<float> p(2 * nv), rest = rng.vec<float>(ne, 0.8, 1.2), f = rng.vec<float>(2 * nv),
                                w = rng.vec<float>(2 * nv);
  for (int i = 0; i < nv; ++i) {
    p[2 * i] = (i % gx) + 0.2f * (float)rng.uniform(-1, 1);
    p[2 * i + 1] = (i / gx) + 0.2f * (float)rng.uniform(-1, 1);
  }
  float k = 3.0f;
  auto to2 = [](const std::vector<float>& v) {
    std::vector<float2> r(v.size() / 2);
    for (size_t i = 0; i < r.size(); ++i) r[i] = make_float2(v[2 * i], v[2 * i + 1]);
    return r;
  };
  auto fl2 = [](const std::vector<float2>& v) {
    std::vector<float> r;
    for (auto x : v) r.insert(r.end(), {x.x, x.y});
    return r;
  };
  DeviceArray<int2> d_e(e);
  auto loss = [&] {
    DeviceArray<float2> d_f(to2(f)), d_p(to2(p));
    DeviceArray<float> d_r(rest);
    CUAD_LAUNCH(spring_forces, 1, 32, d_f.ptr, d_p.ptr, d_e.ptr, d_r.ptr, k, ne);
    return dot(w, fl2(d_f.get()));
  };
  DeviceArray<float2> d_f(to2(f)), d_p(to2(p)), a_f(to2(w)), a_p(to2(zeros<float>(2 * nv)));
  DeviceArray<float> d_r(rest), a_r(zeros<float>(ne));
  DeviceScalar<float> a_k;
  CUAD_GRAD(CUAD_LAUNCH(spring_forces_grad_0_1_3_4, 1, 32, d_f.ptr, d_p.ptr, d_e.ptr, d_r.ptr, k,
                        ne, a_f.ptr, a_p.ptr, a_r.ptr, a_k.ptr));
  check.array("force", fl2(a_f.get()), fd(f, loss));
  check.array("pos", fl2(a_p.get()), fd(p, loss));
  check.array("rest", a_r.get(), fd(rest, loss));
  check.scalar("k", a_k.value(), fd(k, loss));
  return check.finish();
}
