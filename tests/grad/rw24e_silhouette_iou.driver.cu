#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int W = 16, H = 14;

int main() {
  Checker check("rw24e_silhouette_iou");
  Rng rng(24512);
  // a fan of triangles around a center, mixed orientation in the face table
  const int nv = 7;
  std::vector<float> verts(2 * nv);
  verts[0] = 8.1f, verts[1] = 7.2f;
  for (int k = 1; k < nv; ++k) {
    const double a = 2 * M_PI * (k - 1) / (nv - 1) + rng.uniform(-0.2, 0.2), r = rng.uniform(3.5, 5.5);
    verts[2 * k] = (float)(8.1 + r * std::cos(a)), verts[2 * k + 1] = (float)(7.2 + r * std::sin(a));
  }
  std::vector<int3> faces;
  for (int k = 1; k < nv; ++k) {
    const int n = k % (nv - 1) + 1;
    faces.push_back(k % 2 ? int3{0, k, n} : int3{0, n, k});
  }
  const int nf = (int)faces.size();
  std::vector<float> mask(W * H);
  for (int p = 0; p < W * H; ++p) {
    const double x = p % W + 0.5 - 7.5, y = p / W + 0.5 - 7.0;
    mask[p] = (float)(1.0 / (1.0 + std::exp((std::sqrt(x * x / 1.3 + y * y) - 4.5) * 2.0)));
  }
  const float sigma = 0.7f;
  auto v2 = [](std::vector<float>& v) { return reinterpret_cast<float2*>(v.data()); };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return (double)silhouette_iou_loss(v2(verts), nv, faces.data(), nf, mask.data(), W, H, sigma); };
  std::vector<float> gv(2 * nv, 0.0f);
  CUAD_GRAD(silhouette_iou_loss_grad_0(v2(verts), nv, faces.data(), nf, mask.data(), W, H, sigma, v2(gv)));
  check.array("verts", gv, fd(verts, loss));
#else
  const std::vector<float> w = {0.6f, -0.35f};
  DeviceArray<int3> d_f(faces);
  DeviceArray<float> d_m(mask);
  auto dv2 = [](DeviceArray<float>& a) { return reinterpret_cast<float2*>(a.ptr); };
  auto loss = [&] {
    DeviceArray<float> d_v(verts), d_s(zeros<float>(2));
    CUAD_LAUNCH(silhouette_sums, (W * H + 63) / 64, 64, dv2(d_v), d_f.ptr, nf, d_m.ptr, W, H, 1.0f / sigma, d_s.ptr);
    return dot(w, d_s.get());
  };
  DeviceArray<float> d_v(verts), d_s(zeros<float>(2)), g_v(zeros<float>(2 * nv)), g_s(w);
  CUAD_GRAD(CUAD_LAUNCH(silhouette_sums_grad_0_7, (W * H + 63) / 64, 64, dv2(d_v), d_f.ptr, nf, d_m.ptr, W, H, 1.0f / sigma,
                        d_s.ptr, dv2(g_v), g_s.ptr));
  check.array("verts", g_v.get(), fd(verts, loss));
  // sums is only added into: its adjoint passes through unchanged
  check.array("sums", g_s.get(), as_doubles(w));
#endif
  return check.finish();
}
