#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 20 Gaussians in front of a 64x48 pinhole camera (4x3 tiles of 16x16). Gaussian 3 lies
// behind the near plane (culled before anything is written), Gaussian 7 projects far off
// screen (its cov3D is written, then it touches no tile and is dropped), Gaussian 11 sits
// outside 1.3x the field of view (the Jacobian's clamp is active) but is large enough to
// touch the image. Every other one is well inside the clamp. Outputs start from random
// values so the entries a culled Gaussian leaves alone are visible; their adjoints are the
// finite differences with respect to those initial values.
int main() {
  Checker check("rw22f_gs_project");
  Rng rng(22603);
  const int P = 20;
  PinholeCamera cam{50.0f, 50.0f, 32.0f, 24.0f, 0.64f, 0.48f, 64, 48};
  const dim3 tiles((cam.width + BLOCK_X - 1) / BLOCK_X, (cam.height + BLOCK_Y - 1) / BLOCK_Y);
  // world -> camera: a small rotation and a translation, column-major
  const double ay = 0.1, ax = -0.05;
  const double Ry[3][3] = {{std::cos(ay), 0, std::sin(ay)}, {0, 1, 0}, {-std::sin(ay), 0, std::cos(ay)}};
  const double Rx[3][3] = {{1, 0, 0}, {0, std::cos(ax), -std::sin(ax)}, {0, std::sin(ax), std::cos(ax)}};
  double Rm[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      Rm[i][j] = 0;
      for (int k = 0; k < 3; ++k) Rm[i][j] += Rx[i][k] * Ry[k][j];
    }
  const double tr[3] = {0.1, -0.2, 0.5};
  std::vector<float> view(16, 0.0f);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) view[j * 4 + i] = (float)Rm[i][j];
    view[12 + i] = (float)tr[i];
  }
  view[15] = 1.0f;
  // camera-space positions, mapped back to world space
  std::vector<float> mean(3 * P), scale(3 * P), rot(4 * P), opac = rng.vec<float>(P, -2.0, 2.0);
  for (int g = 0; g < P; ++g) {
    double z = rng.uniform(3.0, 6.0), x = z * rng.uniform(-0.5, 0.5), y = z * rng.uniform(-0.35, 0.35);
    double s0 = 0.1, s1 = 0.3;
    if (g == 3) z = 0.1;
    if (g == 7) x = -5.0 * z;
    if (g == 11) x = 1.0 * z, y = 0.1 * z, s0 = 1.0, s1 = 1.3;
    const double pc[3] = {x - tr[0], y - tr[1], z - tr[2]};
    for (int i = 0; i < 3; ++i) {
      double w = 0;
      for (int k = 0; k < 3; ++k) w += Rm[k][i] * pc[k];  // R^T (p - t)
      mean[3 * g + i] = (float)w;
      scale[3 * g + i] = (float)rng.uniform(s0, s1);
    }
    rot[4 * g] = (float)rng.uniform(0.6, 1.2);
    for (int k = 1; k < 4; ++k) rot[4 * g + k] = (float)rng.uniform(-0.6, 0.6);
  }
  std::vector<float> cov0 = rng.vec<float>(6 * P), m2d0 = rng.vec<float>(2 * P),
                     dep0 = rng.vec<float>(P), con0 = rng.vec<float>(4 * P);
  auto f2 = [](DeviceArray<float>& a) { return reinterpret_cast<float2*>(a.ptr); };
  auto f3 = [](DeviceArray<float>& a) { return reinterpret_cast<float3*>(a.ptr); };
  auto f4 = [](DeviceArray<float>& a) { return reinterpret_cast<float4*>(a.ptr); };
  std::vector<int> radii_seen;
  auto run = [&](const std::vector<float>& mn, const std::vector<float>& sc, const std::vector<float>& rt,
                 const std::vector<float>& op, const std::vector<float>& vw, const std::vector<float>& c0,
                 const std::vector<float>& m0, const std::vector<float>& d0, const std::vector<float>& k0) {
    DeviceArray<float> d_m(mn), d_s(sc), d_r(rt), d_o(op), d_v(vw), d_c(c0), d_m2(m0), d_d(d0), d_k(k0);
    DeviceArray<int> d_rad(zeros<int>(P));
    DeviceArray<uint32_t> d_tt(zeros<uint32_t>(P));
    CUAD_LAUNCH(preprocess_gaussians, 1, 32, P, f3(d_m), f3(d_s), 1.0f, f4(d_r), d_o.ptr, d_v.ptr, cam,
                tiles, d_c.ptr, f2(d_m2), d_d.ptr, f4(d_k), d_rad.ptr, d_tt.ptr);
    radii_seen = d_rad.get();
    std::vector<double> out = as_doubles(d_c.get());
    for (auto& v : {d_m2.get(), d_d.get(), d_k.get()}) out.insert(out.end(), v.begin(), v.end());
    return out;
  };
  run(mean, scale, rot, opac, view, cov0, m2d0, dep0, con0);
  check.expect(radii_seen[3] == 0 && radii_seen[7] == 0 && radii_seen[11] > 0 && radii_seen[0] > 0,
               "Gaussians 3 and 7 culled, 11 kept");
  const size_t nout = 6 * P + 2 * P + P + 4 * P;
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  const std::vector<float> w = rng.vec<float>(nout);
  auto loss = [&] { return dot(w, run(mean, scale, rot, opac, view, cov0, m2d0, dep0, con0)); };
  auto part = [&](size_t off, size_t n) { return std::vector<float>(w.begin() + off, w.begin() + off + n); };
  DeviceArray<float> d_m(mean), d_s(scale), d_r(rot), d_o(opac), d_v(view), d_c(cov0), d_m2(m2d0),
      d_d(dep0), d_k(con0), g_m(zeros<float>(3 * P)), g_s(zeros<float>(3 * P)), g_r(zeros<float>(4 * P)),
      g_o(zeros<float>(P)), g_v(zeros<float>(16)), g_c(part(0, 6 * P)), g_m2(part(6 * P, 2 * P)),
      g_d(part(8 * P, P)), g_k(part(9 * P, 4 * P));
  DeviceArray<int> d_rad(zeros<int>(P));
  DeviceArray<uint32_t> d_tt(zeros<uint32_t>(P));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(preprocess_gaussians_grad_1_2_4_5_9_10_11_12, 1, 32, P, f3(d_m), f3(d_s), 1.0f,
                        f4(d_r), d_o.ptr, d_v.ptr, cam, tiles, d_c.ptr, f2(d_m2), d_d.ptr, f4(d_k),
                        d_rad.ptr, d_tt.ptr, f3(g_m), f3(g_s), f4(g_r), g_o.ptr, g_c.ptr, f2(g_m2),
                        g_d.ptr, f4(g_k)));
  check.array("means3D", g_m.get(), fd(mean, loss));
  check.array("scales", g_s.get(), fd(scale, loss));
  check.array("rotations", g_r.get(), fd(rot, loss));
  check.array("opacity_raw", g_o.get(), fd(opac, loss));
#else
  CUAD_GRAD(CUAD_LAUNCH(preprocess_gaussians_grad_6_9_10_11_12, 1, 32, P, f3(d_m), f3(d_s), 1.0f,
                        f4(d_r), d_o.ptr, d_v.ptr, cam, tiles, d_c.ptr, f2(d_m2), d_d.ptr, f4(d_k),
                        d_rad.ptr, d_tt.ptr, g_v.ptr, g_c.ptr, f2(g_m2), g_d.ptr, f4(g_k)));
  check.array("viewmatrix", g_v.get(), fd(view, loss));
#endif
  check.array("cov3D", g_c.get(), fd(cov0, loss));
  check.array("means2D", g_m2.get(), fd(m2d0, loss));
  check.array("depths", g_d.get(), fd(dep0, loss));
  check.array("conic_opacity", g_k.get(), fd(con0, loss));
#else
  const std::vector<float> vm = rng.vec<float>(3 * P), vs = rng.vec<float>(3 * P, -0.1, 0.1),
                           vr = rng.vec<float>(4 * P), vc = rng.vec<float>(6 * P),
                           vm2 = rng.vec<float>(2 * P), vd = rng.vec<float>(P), vk = rng.vec<float>(4 * P);
  auto outputs_at = [&](double t) {
    return run(along(mean, t, vm), along(scale, t, vs), along(rot, t, vr), opac, view,
               along(cov0, t, vc), along(m2d0, t, vm2), along(dep0, t, vd), along(con0, t, vk));
  };
  DeviceArray<float> d_m(mean), d_s(scale), d_r(rot), d_o(opac), d_v(view), d_c(cov0), d_m2(m2d0),
      d_d(dep0), d_k(con0), t_m(vm), t_s(vs), t_r(vr), t_c(vc), t_m2(vm2), t_d(vd), t_k(vk);
  DeviceArray<int> d_rad(zeros<int>(P));
  DeviceArray<uint32_t> d_tt(zeros<uint32_t>(P));
  CUAD_GRAD(CUAD_LAUNCH(preprocess_gaussians_pushforward_1_2_4_9_10_11_12, 1, 32, P, f3(d_m), f3(d_s),
                        1.0f, f4(d_r), d_o.ptr, d_v.ptr, cam, tiles, d_c.ptr, f2(d_m2), d_d.ptr,
                        f4(d_k), d_rad.ptr, d_tt.ptr, f3(t_m), f3(t_s), f4(t_r), t_c.ptr, f2(t_m2),
                        t_d.ptr, f4(t_k)));
  std::vector<double> tang = as_doubles(t_c.get());
  for (auto& v : {t_m2.get(), t_d.get(), t_k.get()}) tang.insert(tang.end(), v.begin(), v.end());
  check.array("outputs", tang, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
