#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;

static const int EW = 16, EH = 8, N = 40;
static const size_t PITCH = EW * sizeof(float4) + 32;  // padded rows
static const int ROW4 = (int)(PITCH / sizeof(float4));

static std::vector<float3> to3(const std::vector<float>& v) {
  std::vector<float3> a(v.size() / 3);
  for (size_t i = 0; i < a.size(); ++i) a[i] = make_float3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
  return a;
}
static std::vector<float> fl3(const std::vector<float3>& a) {
  std::vector<float> v;
  for (auto& q : a) v.insert(v.end(), {q.x, q.y, q.z});
  return v;
}
// dense env (EH x EW x 4 floats) <-> padded pitched rows of float4
static std::vector<float4> pitched(const std::vector<float>& env, float pad) {
  std::vector<float4> p(EH * ROW4, make_float4(pad, pad, pad, pad));
  for (int y = 0; y < EH; ++y)
    for (int x = 0; x < EW; ++x) {
      const float* t = &env[4 * (y * EW + x)];
      p[y * ROW4 + x] = make_float4(t[0], t[1], t[2], t[3]);
    }
  return p;
}
static std::vector<float> dense(const std::vector<float4>& p) {
  std::vector<float> env(4 * EW * EH);
  for (int y = 0; y < EH; ++y)
    for (int x = 0; x < EW; ++x) {
      const float4 t = p[y * ROW4 + x];
      float* o = &env[4 * (y * EW + x)];
      o[0] = t.x, o[1] = t.y, o[2] = t.z, o[3] = t.w;
    }
  return env;
}

// The texel coordinates of a lookup, in double, to keep samples away from texel boundaries.
static bool clear_of_texels(double dx, double dy, double dz) {
  const double pi = 3.14159265358979323846;
  const double u = 0.5 + 0.5 / pi * std::atan2(dx, -dz), v = std::acos(dy) / pi;
  const double fx = u * EW - 0.5, fy = v * EH - 0.5;
  const double a = fx - std::floor(fx), b = fy - std::floor(fy);
  return a > 0.04 && a < 0.96 && b > 0.04 && b < 0.96 && std::fabs(dy) < 0.95;
}

int main() {
  Checker check("rw26a_envmap_pitched");
  Rng rng(26707);
  std::vector<float> env = rng.vec<float>(4 * EW * EH, 0.0, 2.0), albedo = rng.vec<float>(3 * N, 0.1, 0.9);
  std::vector<float> normals(3 * N);
  const double vw[3] = {0.1, 0.2, 1.0};
  const double vl = std::sqrt(vw[0] * vw[0] + vw[1] * vw[1] + vw[2] * vw[2]);
  for (int i = 0; i < N; ++i) {
    for (;;) {
      double n[3] = {rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)};
      const double l = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
      if (l < 0.3 || l > 1.0) continue;
      for (double& c : n) c /= l;
      double ndv = 0.0;
      for (int k = 0; k < 3; ++k) ndv += n[k] * vw[k] / vl;
      double r[3];
      for (int k = 0; k < 3; ++k) r[k] = 2.0 * ndv * n[k] - vw[k] / vl;
      if (!clear_of_texels(n[0], n[1], n[2]) || !clear_of_texels(r[0], r[1], r[2])) continue;
      // stored unnormalised: the kernel normalises
      const double s = rng.uniform(0.7, 1.4);
      for (int k = 0; k < 3; ++k) normals[3 * i + k] = (float)(s * n[k]);
      break;
    }
  }
  // the sample points move by up to ~0.01 texel under the finite differences
  const Tol tol{3e-3, 1e-2};
#if CUAD_OUTPUT == 1
  const float3 view = make_float3(0.1f, 0.2f, 1.0f);
  auto run = [&](const std::vector<float>& e, const std::vector<float>& nr, const std::vector<float>& al) {
    DeviceArray<float4> de(pitched(e, 7.0f));
    DeviceArray<float3> dn(to3(nr)), da(to3(al)), out(to3(zeros<float>(3 * N)));
    EnvMap m{de.ptr, PITCH, EW, EH};
    CUAD_LAUNCH(shade_env, 2, 32, m, dn.ptr, da.ptr, N, view, 0.04f, out.ptr);
    return fl3(out.get());
  };
  const std::vector<float> w = rng.vec<float>(3 * N);
  auto loss = [&] { return dot(w, run(env, normals, albedo)); };
  DeviceArray<float4> de(pitched(env, 7.0f)), ge(pitched(zeros<float>(4 * EW * EH), 0.0f));
  DeviceArray<float3> dn(to3(normals)), da(to3(albedo)), out(to3(zeros<float>(3 * N))), gn(to3(zeros<float>(3 * N))),
      ga(to3(zeros<float>(3 * N))), gout(to3(w));
  DeviceScalar<EnvMap> gm(EnvMap{ge.ptr, PITCH, EW, EH});
  CUAD_GRAD(CUAD_LAUNCH(shade_env_grad_0_1_2_6, 2, 32, EnvMap{de.ptr, PITCH, EW, EH}, dn.ptr, da.ptr, N, view, 0.04f,
                        out.ptr, gm.ptr, gn.ptr, ga.ptr, gout.ptr));
  const std::vector<float4> gpit = ge.get();
  double pad = 0.0;
  for (int y = 0; y < EH; ++y)
    for (int x = EW; x < ROW4; ++x) pad += std::fabs(gpit[y * ROW4 + x].x) + std::fabs(gpit[y * ROW4 + x].w);
  check.expect(pad == 0.0, "row padding untouched by the adjoint");
  check.array("env", dense(gpit), fd(env, loss), tol);
  check.array("normals", fl3(gn.get()), fd(normals, loss), tol);
  check.array("albedo", fl3(ga.get()), fd(albedo, loss), tol);
  check.array("out (only written)", fl3(gout.get()), zeros<double>(3 * N));
#else
  const std::vector<float> w = rng.vec<float>(3 * N);
  auto loss = [&] {
    std::vector<float> out(3 * N, 0.0f);
    shade_with_envmap(env.data(), EW, EH, normals.data(), albedo.data(), N, out.data());
    return dot(w, out);
  };
  std::vector<float> out(3 * N, 0.0f), ge(4 * EW * EH, 0.0f), gn(3 * N, 0.0f), ga(3 * N, 0.0f), gout = w;
  CUAD_GRAD(shade_with_envmap_grad_0_3_4_6(env.data(), EW, EH, normals.data(), albedo.data(), N, out.data(), ge.data(),
                                           gn.data(), ga.data(), gout.data()));
  check.array("env_h", ge, fd(env, loss), tol);
  check.array("normals_h", gn, fd(normals, loss), tol);
  check.array("albedo_h", ga, fd(albedo, loss), tol);
  check.array("out_h (only written)", gout, zeros<double>(3 * N));
#endif
  return check.finish();
}
