#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int W = 16, H = 12, NT = 5, NF = 16;  // floats per Tri2D

int main() {
  Checker check("rw24e_softras_bary");
  Rng rng(24501);
  static_assert(sizeof(Tri2D) == NF * sizeof(float), "Tri2D layout");
  RasterParams P{W, H, 0.8f, 0.15f, -0.2f, 3.0f, make_float3(0.2f, 0.3f, 0.4f)};
  // Vertices whose fractional part stays 0.15 away from the pixel centers' .5 (the culling
  // boxes have an integer margin), so no cull test flips under the finite differences.
  auto coord = [&](double lo, double hi) {
    for (;;) {
      const double v = rng.uniform(lo, hi);
      if (std::fabs(v - std::floor(v) - 0.5) > 0.15) return (float)v;
    }
  };
  std::vector<float> tris(NT * NF);
  for (int f = 0; f < NT; ++f) {
    float* t = &tris[f * NF];
    for (;;) {
      const double cx = rng.uniform(3.0, W - 3.0), cy = rng.uniform(3.0, H - 3.0);
      for (int k = 0; k < 3; ++k) {
        t[2 * k] = coord(cx - 5.0, cx + 5.0);
        t[2 * k + 1] = coord(cy - 4.0, cy + 4.0);
      }
      const double area = (t[4] - t[0]) * (t[3] - t[1]) - (t[5] - t[1]) * (t[2] - t[0]);
      if (std::fabs(area) > 8.0) break;
    }
    for (int k = 6; k < 15; ++k) t[k] = (float)rng.uniform(0.0, 1.0);
    t[15] = (float)rng.uniform(0.1, 0.9);
  }
  auto as_tris = [](DeviceArray<float>& a) { return reinterpret_cast<const Tri2D*>(a.ptr); };
  auto run = [&](const std::vector<float>& tv) {
    DeviceArray<float> d_t(tv), d_rgb(zeros<float>(3 * W * H)), d_a(zeros<float>(W * H));
    CUAD_LAUNCH(softras_forward, dim3(2, 3), dim3(8, 4), as_tris(d_t), NT, P, d_rgb.ptr, d_a.ptr);
    std::vector<float> out = d_rgb.get(), a = d_a.get();
    out.insert(out.end(), a.begin(), a.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(4 * W * H);
  auto loss = [&] { return dot(w, run(tris)); };
  DeviceArray<float> d_t(tris), d_rgb(zeros<float>(3 * W * H)), d_a(zeros<float>(W * H)),
      g_t(zeros<float>(tris.size())), g_rgb(std::vector<float>(w.begin(), w.begin() + 3 * W * H)),
      g_a(std::vector<float>(w.begin() + 3 * W * H, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(softras_forward_grad_0_3_4, dim3(2, 3), dim3(8, 4), as_tris(d_t), NT, P, d_rgb.ptr,
                        d_a.ptr, reinterpret_cast<Tri2D*>(g_t.ptr), g_rgb.ptr, g_a.ptr));
  check.array("tris", g_t.get(), fd(tris, loss));
  check.array("rgb", g_rgb.get(), zeros<double>(3 * W * H));
  check.array("alpha", g_a.get(), zeros<double>(W * H));
#else
  const std::vector<float> v = rng.vec<float>(tris.size());
  auto outputs_at = [&](double t) { return as_doubles(run(along(tris, t, v))); };
  DeviceArray<float> d_t(tris), d_rgb(zeros<float>(3 * W * H)), d_a(zeros<float>(W * H)), t_t(v),
      t_rgb(zeros<float>(3 * W * H)), t_a(zeros<float>(W * H));
  CUAD_GRAD(CUAD_LAUNCH(softras_forward_pushforward_0_3_4, dim3(2, 3), dim3(8, 4), as_tris(d_t), NT, P,
                        d_rgb.ptr, d_a.ptr, as_tris(t_t), t_rgb.ptr, t_a.ptr));
  std::vector<float> tan = t_rgb.get(), ta = t_a.get();
  tan.insert(tan.end(), ta.begin(), ta.end());
  check.array("tangent", as_doubles(tan), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
