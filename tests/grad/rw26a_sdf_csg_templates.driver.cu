#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;

static_assert(sizeof(SceneT) == 18 * sizeof(double), "the scene is 18 doubles");
static const int W = 16, H = 12, P = W * H;

static SceneT scene_of(const std::vector<double>& v) {
  SceneT s;
  std::memcpy(&s, v.data(), sizeof(SceneT));
  return s;
}
static std::vector<double> flat_scene(const SceneT& s) {
  std::vector<double> v(18);
  std::memcpy(v.data(), &s, sizeof(SceneT));
  return v;
}
static std::vector<double> fl3(const std::vector<double3>& a) {
  std::vector<double> v;
  for (auto& q : a) v.insert(v.end(), {q.x, q.y, q.z});
  return v;
}
static double3 mk3(const std::vector<double>& v) { return make_double3(v[0], v[1], v[2]); }

#if CUAD_OUTPUT == 3
__global__ void dist_kernel(SceneT s, int n, const double3* p, double* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = scene_distance(s, p[i]);
}
#if !defined(CUAD_SELFTEST)
__global__ void dist_grad_kernel(SceneT s, int n, const double3* p, const double* w, double* gs, double3* gp) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  SceneT ds;
  std::memset(&ds, 0, sizeof(ds));
  double3 dp = make_double3(0, 0, 0);
  scene_distance_grad(s, p[i], &ds, &dp);
  gp[i] = w[i] * dp;
  const double* src = reinterpret_cast<const double*>(&ds);
  for (int k = 0; k < 18; ++k) atomicAdd(&gs[k], w[i] * src[k]);
}
#endif
#endif

int main() {
  Checker check("rw26a_sdf_csg_templates");
  Rng rng(26505);
  // sphere r, offset; torus R, r, offset; k | box half, round, offset; k
  std::vector<double> scene = {0.8,  -0.6, 0.0, 0.0, 0.7, 0.25, 0.6, 0.1,  0.3, 0.4,
                               1.5,  0.2,  1.0, 0.05, 0.0, -0.9, 0.2, 0.3};
  std::vector<double> light = {0.4, 0.8, -0.5};
  const dim3 block(8, 4), grid((W + 7) / 8, (H + 3) / 4);
  auto run = [&](const std::vector<double>& sc, const std::vector<double>& li) {
    DeviceArray<double3> img(std::vector<double3>(P, make_double3(0, 0, 0)));
    DeviceArray<double> dep(zeros<double>(P));
    CUAD_LAUNCH(sphere_trace<SceneT>, grid, block, scene_of(sc), mk3(li), W, H, img.ptr, dep.ptr);
    std::vector<double> out = fl3(img.get()), d = dep.get();
    out.insert(out.end(), d.begin(), d.end());
    return out;
  };
#if CUAD_OUTPUT != 3
  {
    const std::vector<double> o = run(scene, light);
    int hits = 0;
    bool clear = true;
    for (int i = 0; i < P; ++i) {
      const double t = o[3 * P + i];
      if (t < T_FAR) ++hits;
      if (t < T_FAR && t > T_FAR - 1.0) clear = false;
    }
    std::printf("%d of %d rays hit\n", hits, P);
    check.expect(clear && hits > P / 4 && hits < P, "hits clear of the far plane, some misses");
  }
#endif
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(4 * P);
  auto loss = [&] { return dot(w, run(scene, light)); };
  DeviceArray<double3> img(std::vector<double3>(P, make_double3(0, 0, 0))), gimg(std::vector<double3>(P, make_double3(0, 0, 0)));
  {
    std::vector<double3> g(P);
    for (int i = 0; i < P; ++i) g[i] = make_double3(w[3 * i], w[3 * i + 1], w[3 * i + 2]);
    gimg.set(g);
  }
  DeviceArray<double> dep(zeros<double>(P)), gdep(std::vector<double>(w.begin() + 3 * P, w.end()));
  DeviceScalar<SceneT> gs(scene_of(zeros<double>(18)));
  DeviceScalar<double3> gl(make_double3(0, 0, 0));
  CUAD_GRAD(CUAD_LAUNCH(sphere_trace_grad_0_1_4_5<SceneT>, grid, block, scene_of(scene), mk3(light), W, H, img.ptr,
                        dep.ptr, gs.ptr, gl.ptr, gimg.ptr, gdep.ptr));
  check.array("scene", flat_scene(gs.value()), fd(scene, loss));
  check.array("light", fl3(gl.get()), fd(light, loss));
  check.array("img (only written)", fl3(gimg.get()), zeros<double>(3 * P));
  check.array("depth (only written)", gdep.get(), zeros<double>(P));
#elif CUAD_OUTPUT == 2
  const std::vector<double> vs = rng.vec(18, -0.05, 0.05);
  auto outputs_at = [&](double t) { return run(along(scene, t, vs), light); };
  DeviceArray<double3> img(std::vector<double3>(P, make_double3(0, 0, 0))), timg(std::vector<double3>(P, make_double3(0, 0, 0)));
  DeviceArray<double> dep(zeros<double>(P)), tdep(zeros<double>(P));
  CUAD_GRAD(CUAD_LAUNCH(sphere_trace_pushforward_0_4_5<SceneT>, grid, block, scene_of(scene), mk3(light), W, H, img.ptr,
                        dep.ptr, scene_of(vs), timg.ptr, tdep.ptr));
  std::vector<double> tang = fl3(timg.get()), td = tdep.get();
  tang.insert(tang.end(), td.begin(), td.end());
  check.array("tangent", tang, directional_fd<double>(outputs_at));
#else
  const int n = 40;
  std::vector<double> pts = rng.vec(3 * n, -1.8, 1.8);
  auto to3 = [](const std::vector<double>& v) {
    std::vector<double3> a(v.size() / 3);
    for (size_t i = 0; i < a.size(); ++i) a[i] = make_double3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
    return a;
  };
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double3> dp(to3(pts));
    DeviceArray<double> out(zeros<double>(n));
    CUAD_LAUNCH(dist_kernel, 2, 32, scene_of(scene), n, dp.ptr, out.ptr);
    return dot(w, out.get());
  };
  DeviceArray<double3> dp(to3(pts)), gp(to3(zeros<double>(3 * n)));
  DeviceArray<double> dw(w), gs(zeros<double>(18));
  CUAD_GRAD(CUAD_LAUNCH(dist_grad_kernel, 2, 32, scene_of(scene), n, dp.ptr, dw.ptr, gs.ptr, gp.ptr));
  check.array("scene", gs.get(), fd(scene, loss));
  check.array("p", fl3(gp.get()), fd(pts, loss));
#endif
  return check.finish();
}
