#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_ray_spheres");
  const int W = 8, H = 6, np = W * H, ns = 3;
  std::vector<float3> dirs(np);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      float dx = -0.5f + (x + 0.5f) / W, dy = -0.4f + (y + 0.5f) / H * 0.8f, dz = 1.0f;
      float inv = 1.0f / std::sqrt(dx * dx + dy * dy + dz * dz);
      dirs[y * W + x] = make_float3(dx * inv, dy * inv, dz * inv);
    }
  std::vector<float> sp = {-0.2f, 0.0f, 3.0f, 0.9f, 0.4f, 0.1f, 4.0f, 1.2f, 0.0f, -0.3f, 2.2f, 0.35f};
  // keep rays away from silhouettes (discriminant near 0): grow a radius until none is close
  for (int s = 0; s < ns; ++s)
    for (int tries = 0; tries < 50; ++tries) {
      bool close = false;
      for (int p = 0; p < np; ++p) {
        float ox = -sp[4 * s], oy = -sp[4 * s + 1], oz = -sp[4 * s + 2], rad = sp[4 * s + 3];
        float b = ox * dirs[p].x + oy * dirs[p].y + oz * dirs[p].z;
        float disc = b * b - (ox * ox + oy * oy + oz * oz - rad * rad);
        if (std::fabs(disc) < 0.05f) close = true;
      }
      if (!close) break;
      sp[4 * s + 3] += 0.011f;
    }
  std::vector<float> depth(np, 0.0f), w(np);
  Rng rng(224);
  w = rng.vec<float>(np);
  auto to4 = [](const std::vector<float>& v) {
    std::vector<float4> r(v.size() / 4);
    for (size_t i = 0; i < r.size(); ++i)
      r[i] = make_float4(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
    return r;
  };
  auto fl4 = [](const std::vector<float4>& v) {
    std::vector<float> r;
    for (auto e : v) r.insert(r.end(), {e.x, e.y, e.z, e.w});
    return r;
  };
  DeviceArray<float3> d_dirs(dirs);
  auto loss = [&] {
    DeviceArray<float> d_d(depth);
    DeviceArray<float4> d_s(to4(sp));
    CUAD_LAUNCH(render_depth, 2, 32, d_d.ptr, d_dirs.ptr, d_s.ptr, ns, np);
    return dot(w, d_d.get());
  };
  DeviceArray<float> d_d(depth), a_d(w);
  DeviceArray<float4> d_s(to4(sp)), a_s(to4(zeros<float>(4 * ns)));
  CUAD_GRAD(CUAD_LAUNCH(render_depth_grad_0_2, 2, 32, d_d.ptr, d_dirs.ptr, d_s.ptr, ns, np, a_d.ptr,
                        a_s.ptr));
  check.array("depth", a_d.get(), fd(depth, loss));
  check.array("spheres", fl4(a_s.get()), fd(sp, loss));
  return check.finish();
}
