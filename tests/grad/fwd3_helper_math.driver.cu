#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<float3> to3(const std::vector<float>& v) {
  std::vector<float3> r(v.size() / 3);
  for (size_t i = 0; i < r.size(); ++i) r[i] = make_float3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
  return r;
}
static void push3(std::vector<double>& out, const std::vector<float3>& v) {
  for (auto e : v) { out.push_back(e.x); out.push_back(e.y); out.push_back(e.z); }
}

int main() {
  Checker check("fwd3_helper_math");
  const int n = 40;
  Rng rng(309);
  std::vector<float> a = rng.vec<float>(3 * n), b = rng.vec<float>(3 * n), c = rng.vec<float>(3 * n);
  std::vector<float> va = rng.vec<float>(3 * n), vb = rng.vec<float>(3 * n), vc = rng.vec<float>(3 * n);
  float3 light = make_float3(0.5f, 2.f, 3.f), vl = make_float3(0.3f, -0.2f, 0.1f);
  float sh = 3.f, vsh = 0.5f;
  auto outputs_at = [&](double t) {
    DeviceArray<float3> da(to3(along(a, t, va))), db(to3(along(b, t, vb))), dc(to3(along(c, t, vc))),
        dnorm(to3(zeros<float>(3 * n)));
    DeviceArray<float> dcol(zeros<float>(n));
    float3 lt = make_float3(along(light.x, t, vl.x), along(light.y, t, vl.y), along(light.z, t, vl.z));
    CUAD_LAUNCH(shade_normals, 2, 32, n, da.ptr, db.ptr, dc.ptr, lt, along(sh, t, vsh), dcol.ptr, dnorm.ptr);
    std::vector<double> out = as_doubles(dcol.get());
    push3(out, dnorm.get());
    return out;
  };
  // keep fmaxf away from its kink: check the primal values first
  DeviceArray<float3> da(to3(a)), d_a(to3(va)), db(to3(b)), d_b(to3(vb)), dc(to3(c)), d_c(to3(vc)),
      dnorm(to3(zeros<float>(3 * n))), d_norm(to3(zeros<float>(3 * n)));
  DeviceArray<float> dcol(zeros<float>(n)), d_col(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(shade_normals_pushforward, 2, 32, n, da.ptr, db.ptr, dc.ptr, light, sh, dcol.ptr,
                        dnorm.ptr, d_a.ptr, d_b.ptr, d_c.ptr, vl, vsh, d_col.ptr, d_norm.ptr));
  std::vector<double> got = as_doubles(d_col.get());
  push3(got, d_norm.get());
  check.array("color, normal", got, directional_fd<float>(outputs_at), Tol{5e-3, 2e-2});
  return check.finish();
}
