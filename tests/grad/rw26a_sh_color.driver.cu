#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;

static const int N = 40, K3 = 16;

static std::vector<vec3> v3(const std::vector<float>& v) {
  std::vector<vec3> a(v.size() / 3);
  std::memcpy(a.data(), v.data(), v.size() * sizeof(float));
  return a;
}
static std::vector<float> fl(const std::vector<vec3>& a) {
  std::vector<float> v(3 * a.size());
  std::memcpy(v.data(), a.data(), v.size() * sizeof(float));
  return v;
}

#if CUAD_OUTPUT == 2
__global__ void sh2_kernel(int n, const vec3* dirs, const vec3* coeffs, float* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = sh_luminance<2>(dirs[i], coeffs + 9 * i);
}
#if !defined(CUAD_SELFTEST)
__global__ void sh2_grad_kernel(int n, const vec3* dirs, const vec3* coeffs, const float* w, vec3* gd, vec3* gc) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  vec3 dd{0.f, 0.f, 0.f};
  vec3 dc[9];
  for (int k = 0; k < 9; ++k) dc[k] = vec3{0.f, 0.f, 0.f};
  sh_luminance_grad<2>(dirs[i], coeffs + 9 * i, &dd, dc);
  gd[i] = w[i] * dd;
  for (int k = 0; k < 9; ++k) gc[9 * i + k] = w[i] * dc[k];
}
#endif
#endif

int main() {
  Checker check("rw26a_sh_color");
  Rng rng(26404);
  std::vector<float> means = rng.vec<float>(3 * N, -2.0, 2.0), cam = {0.3f, -0.2f, -4.0f},
                     shs = rng.vec<float>(3 * K3 * N, -0.4, 0.4);
  // DC terms spread so that some channels clamp and the rest stay clear of zero
  for (int i = 0; i < N; ++i)
    for (int c = 0; c < 3; ++c) shs[3 * K3 * i + c] = (float)rng.uniform(-3.5, 2.0);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  auto run = [&](const std::vector<float>& m, const std::vector<float>& cp, const std::vector<float>& s,
                 std::vector<int>* mask) {
    DeviceArray<float> dm(m), dc(cp), ds(s), out(zeros<float>(3 * N));
    DeviceArray<int> dk(std::vector<int>(N, -1));
    CUAD_LAUNCH(sh_to_rgb<3>, 2, 32, N, dm.ptr, dc.ptr, ds.ptr, out.ptr, dk.ptr);
    if (mask) *mask = dk.get();
    return out.get();
  };
  // Redraw the DC term of channels within 0.05 of the clamp (before or after it).
  int nclamp = 0;
  for (int round = 0; round < 50; ++round) {
    std::vector<int> mask, mask2;
    std::vector<float> col = run(means, cam, shs, &mask);
    std::vector<float> s2 = shs;
    for (int i = 0; i < N; ++i)
      for (int c = 0; c < 3; ++c) s2[3 * K3 * i + c] += 0.05f / 0.2820948f;
    run(means, cam, s2, &mask2);
    int bad = 0;
    nclamp = 0;
    for (int i = 0; i < N; ++i)
      for (int c = 0; c < 3; ++c) {
        const bool cl = (mask[i] >> c) & 1;
        nclamp += cl;
        if ((!cl && col[3 * i + c] < 0.05f) || (cl && !((mask2[i] >> c) & 1))) {
          shs[3 * K3 * i + c] = (float)rng.uniform(-3.5, 2.0);
          ++bad;
        }
      }
    if (bad == 0) break;
    check.expect(round < 49, "channels away from the clamp");
  }
  check.expect(nclamp >= 5, "some channels clamped");
#endif
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(3 * N);
  auto loss = [&] { return dot(w, run(means, cam, shs, nullptr)); };
  DeviceArray<float> dm(means), dc(cam), ds(shs), out(zeros<float>(3 * N)), gm(zeros<float>(3 * N)),
      gc(zeros<float>(3)), gs(zeros<float>(shs.size())), gout(w);
  DeviceArray<int> dk(std::vector<int>(N, -1));
  CUAD_GRAD(CUAD_LAUNCH(sh_to_rgb_grad_1_2_3_4<3>, 2, 32, N, dm.ptr, dc.ptr, ds.ptr, out.ptr, dk.ptr, gm.ptr, gc.ptr,
                        gs.ptr, gout.ptr));
  check.array("means", gm.get(), fd(means, loss));
  check.array("cam_pos", gc.get(), fd(cam, loss));
  check.array("shs", gs.get(), fd(shs, loss));
  check.array("colors (only written)", gout.get(), zeros<double>(3 * N));
#elif CUAD_OUTPUT == 2
  std::vector<float> dirs(3 * N), coeffs(3 * 9 * N);
  for (int i = 0; i < N; ++i) {
    double d[3] = {rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)};
    for (int k = 0; k < 3; ++k) dirs[3 * i + k] = (float)d[k];  // not normalised: a polynomial
  }
  coeffs = rng.vec<float>(coeffs.size(), -1.0, 1.0);
  const std::vector<float> w = rng.vec<float>(N);
  auto loss = [&] {
    DeviceArray<vec3> dd(v3(dirs)), dc(v3(coeffs));
    DeviceArray<float> out(zeros<float>(N));
    CUAD_LAUNCH(sh2_kernel, 2, 32, N, dd.ptr, dc.ptr, out.ptr);
    return dot(w, out.get());
  };
  DeviceArray<vec3> dd(v3(dirs)), dc(v3(coeffs)), gd(v3(zeros<float>(3 * N))),
      gc(v3(zeros<float>(coeffs.size())));
  DeviceArray<float> dw(w);
  CUAD_GRAD(CUAD_LAUNCH(sh2_grad_kernel, 2, 32, N, dd.ptr, dc.ptr, dw.ptr, gd.ptr, gc.ptr));
  check.array("dir", fl(gd.get()), fd(dirs, loss));
  check.array("coeffs", fl(gc.get()), fd(coeffs, loss));
#else
  const std::vector<float> vm = rng.vec<float>(3 * N), vs = rng.vec<float>(shs.size());
  auto outputs_at = [&](double t) { return as_doubles(run(along(means, t, vm), cam, along(shs, t, vs), nullptr)); };
  DeviceArray<float> dm(means), dc(cam), ds(shs), out(zeros<float>(3 * N)), tm(vm), ts(vs), tout(zeros<float>(3 * N));
  DeviceArray<int> dk(std::vector<int>(N, -1));
  CUAD_GRAD(CUAD_LAUNCH(sh_to_rgb_pushforward_1_3_4<3>, 2, 32, N, dm.ptr, dc.ptr, ds.ptr, out.ptr, dk.ptr, tm.ptr,
                        ts.ptr, tout.ptr));
  check.array("colors tangent", as_doubles(tout.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("colors value", as_doubles(out.get()), as_doubles(run(means, cam, shs, nullptr)), default_tol<float>());
#endif
#endif
  return check.finish();
}
