#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// A jittered 3x3 vertex grid (8 triangles sharing vertices, mixed orientations) plus one
// separate triangle in front of it, rendered at 12x10 pixels with 8x8 blocks.
int main() {
  Checker check("rw22f_soft_raster_mesh");
  Rng rng(22606);
  const int W = 12, H = 10, V = 12, F = 9;
  std::vector<float> verts(2 * V), vz(V), fcol = rng.vec<float>(3 * F, 0.0, 1.0);
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i) {
      const int v = 3 * j + i;
      verts[2 * v] = (float)(-0.7 + 0.7 * i + rng.uniform(-0.12, 0.12));
      verts[2 * v + 1] = (float)(-0.7 + 0.7 * j + rng.uniform(-0.12, 0.12));
      vz[v] = (float)rng.uniform(3.0, 3.8);
    }
  const float front[6] = {-0.35f, -0.3f, 0.45f, -0.1f, 0.0f, 0.5f};
  for (int k = 0; k < 3; ++k) {
    verts[2 * (9 + k)] = front[2 * k];
    verts[2 * (9 + k) + 1] = front[2 * k + 1];
    vz[9 + k] = (float)rng.uniform(2.2, 2.6);
  }
  std::vector<int3> faces;
  for (int j = 0; j < 2; ++j)
    for (int i = 0; i < 2; ++i) {
      const int a = 3 * j + i, b = a + 1, c = a + 3, d = a + 4;
      faces.push_back(make_int3(a, b, d));  // counter-clockwise
      faces.push_back(make_int3(a, c, d));  // clockwise
    }
  faces.push_back(make_int3(9, 10, 11));
  float sigma = 0.1f, gamma = 0.15f;
  const float3 bg = make_float3(0.9f, 0.9f, 1.0f);
  DeviceArray<int3> d_f(faces);
  const dim3 block(8, 8), grid((W + 7) / 8, (H + 7) / 8);
  auto f2 = [](DeviceArray<float>& a) { return reinterpret_cast<float2*>(a.ptr); };
  auto f3 = [](DeviceArray<float>& a) { return reinterpret_cast<float3*>(a.ptr); };
  auto f4 = [](DeviceArray<float>& a) { return reinterpret_cast<float4*>(a.ptr); };
  auto run = [&](const std::vector<float>& v, const std::vector<float>& z, const std::vector<float>& c,
                 float s, float g) {
    DeviceArray<float> d_v(v), d_z(z), d_c(c), d_img(zeros<float>(4 * W * H));
    CUAD_LAUNCH(soft_rasterize, grid, block, F, d_f.ptr, f2(d_v), d_z.ptr, f3(d_c), s, g, bg, W, H,
                f4(d_img));
    return as_doubles(d_img.get());
  };
  {
    const std::vector<double> img = run(verts, vz, fcol, sigma, gamma);
    double amin = 1, amax = 0;
    for (int p = 0; p < W * H; ++p) amin = std::fmin(amin, img[4 * p + 3]), amax = std::fmax(amax, img[4 * p + 3]);
    std::printf("silhouette range %.3f .. %.3f\n", amin, amax);
  }
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  const std::vector<float> w = rng.vec<float>(4 * W * H);
  auto loss = [&] { return dot(w, run(verts, vz, fcol, sigma, gamma)); };
  DeviceArray<float> d_v(verts), d_z(vz), d_c(fcol), d_img(zeros<float>(4 * W * H)), g_v(zeros<float>(2 * V)),
      g_z(zeros<float>(V)), g_c(zeros<float>(3 * F)), g_img(w), g_s(zeros<float>(1)), g_g(zeros<float>(1));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(soft_rasterize_grad_2_3_4_10, grid, block, F, d_f.ptr, f2(d_v), d_z.ptr, f3(d_c),
                        sigma, gamma, bg, W, H, f4(d_img), f2(g_v), g_z.ptr, f3(g_c), f4(g_img)));
  check.array("verts", g_v.get(), fd(verts, loss));
  check.array("vert_z", g_z.get(), fd(vz, loss));
  check.array("face_colors", g_c.get(), fd(fcol, loss));
#else
  CUAD_GRAD(CUAD_LAUNCH(soft_rasterize_grad_2_5_6_10, grid, block, F, d_f.ptr, f2(d_v), d_z.ptr, f3(d_c),
                        sigma, gamma, bg, W, H, f4(d_img), f2(g_v), g_s.ptr, g_g.ptr, f4(g_img)));
  check.array("verts", g_v.get(), fd(verts, loss));
  check.scalar("sigma", g_s.get()[0], fd(sigma, loss));
  check.scalar("gamma", g_g.get()[0], fd(gamma, loss));
#endif
  check.array("image", g_img.get(), zeros<double>(4 * W * H));
#else
  const std::vector<float> vv = rng.vec<float>(2 * V), vzt = rng.vec<float>(V), vc = rng.vec<float>(3 * F);
  auto outputs_at = [&](double t) {
    return run(along(verts, t, vv), along(vz, t, vzt), along(fcol, t, vc), sigma, gamma);
  };
  DeviceArray<float> d_v(verts), d_z(vz), d_c(fcol), d_img(zeros<float>(4 * W * H)), t_v(vv), t_z(vzt),
      t_c(vc), t_img(4 * W * H, 2.0f);
  CUAD_GRAD(CUAD_LAUNCH(soft_rasterize_pushforward_2_3_4_10, grid, block, F, d_f.ptr, f2(d_v), d_z.ptr,
                        f3(d_c), sigma, gamma, bg, W, H, f4(d_img), f2(t_v), t_z.ptr, f3(t_c), f4(t_img)));
  check.array("image tangent", as_doubles(t_img.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
