#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw18g_sdf_fixed_steps");
  Rng rng(18008);
  // 3 spheres in front of the camera over the ground plane, an 8x7 image in 4x4 blocks
  // (2x2 grid, partial blocks); the camera looks down, rays that miss the spheres hit the ground.
  const int K = 3, W = 8, H = 7;
  std::vector<double> sph = {-0.6, -0.5, 0.5, 0.55, 0.5, -0.4, 1.0, 0.45, 0.1, -0.8, -0.5, 0.4};
  for (auto& s : sph) s += rng.uniform(-0.05, 0.05);
  std::vector<double> alb = rng.vec(3 * K, 0.2, 1.0), light = {0.4, 0.8, -0.5};
  const double3 sky = make_double3(0.6, 0.7, 0.9);
  std::vector<double> depth = zeros<double>(W * H), image = zeros<double>(3 * W * H);
  const dim3 grid(2, 2), block(4, 4);
  auto d4 = [](DeviceArray<double>& a) { return reinterpret_cast<double4*>(a.ptr); };
  auto d3 = [](DeviceArray<double>& a) { return reinterpret_cast<double3*>(a.ptr); };
  auto L = [&](const std::vector<double>& l) { return make_double3(l[0], l[1], l[2]); };
#if CUAD_OUTPUT == 1
  const std::vector<double> wd = rng.vec(W * H, -0.1, 0.1), wi = rng.vec(3 * W * H);
  auto loss = [&] {
    DeviceArray<double> ds(sph), da(alb), ddep(depth), dimg(image);
    CUAD_LAUNCH(sphere_trace, grid, block, d4(ds), d3(da), K, W, H, L(light), sky, ddep.ptr,
                dimg.ptr);
    return dot(wd, ddep.get()) + dot(wi, dimg.get());
  };
  DeviceArray<double> ds(sph), da(alb), ddep(depth), dimg(image), gs(zeros<double>(4 * K)),
      gl(zeros<double>(3)), gd(wd), gi(wi);
  CUAD_GRAD(CUAD_LAUNCH(sphere_trace_grad_0_5_7_8, grid, block, d4(ds), d3(da), K, W, H, L(light),
                        sky, ddep.ptr, dimg.ptr, d4(gs), d3(gl), gd.ptr, gi.ptr));
  check.array("spheres", gs.get(), fd(sph, loss));
  check.array("light_dir", gl.get(), fd(light, loss));
  check.array("depth", gd.get(), std::vector<double>(W * H, 0.0));
  check.array("image", gi.get(), std::vector<double>(3 * W * H, 0.0));
#else
  const std::vector<double> ts = rng.vec(4 * K, -0.3, 0.3), td = rng.vec(W * H),
                            ti = rng.vec(3 * W * H);
  auto outputs_at = [&](double t) {
    DeviceArray<double> ds(along(sph, t, ts)), da(alb), ddep(depth), dimg(image);
    CUAD_LAUNCH(sphere_trace, grid, block, d4(ds), d3(da), K, W, H, L(light), sky, ddep.ptr,
                dimg.ptr);
    std::vector<double> r = ddep.get(), im = dimg.get();
    r.insert(r.end(), im.begin(), im.end());
    return r;
  };
  DeviceArray<double> ds(sph), da(alb), ddep(depth), dimg(image), d_s(ts), d_d(td), d_i(ti);
  CUAD_GRAD(CUAD_LAUNCH(sphere_trace_pushforward_0_7_8, grid, block, d4(ds), d3(da), K, W, H,
                        L(light), sky, ddep.ptr, dimg.ptr, d4(d_s), d_d.ptr, d_i.ptr));
  std::vector<double> tang = d_d.get(), ti2 = d_i.get();
  tang.insert(tang.end(), ti2.begin(), ti2.end());
  check.array("depth,image", tang, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
