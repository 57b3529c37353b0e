#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_scan_float4");
  Rng rng(113);
#if CUAD_OUTPUT == 3
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
  std::vector<float> vsp = rng.vec<float>(4 * ns, -0.5, 0.5);
  auto to4 = [](const std::vector<float>& v) {
    std::vector<float4> r(v.size() / 4);
    for (size_t i = 0; i < r.size(); ++i)
      r[i] = make_float4(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
    return r;
  };
  std::vector<float> d0 = zeros<float>(np);
  DeviceArray<float3> ddirs(dirs), d_dirs(std::vector<float3>(np, make_float3(0, 0, 0)));
  auto outputs_at = [&](double t) {
    DeviceArray<float> ddepth(d0);
    DeviceArray<float4> dsp(to4(along(sp, t, vsp)));
    CUAD_LAUNCH(render_depth, 2, 32, ddepth.ptr, ddirs.ptr, dsp.ptr, ns, np);
    return as_doubles(ddepth.get());
  };
  DeviceArray<float> ddepth(d0), d_depth(d0);
  DeviceArray<float4> dsp(to4(sp)), d_sp(to4(vsp));
  CUAD_GRAD(CUAD_LAUNCH(render_depth_pushforward, 2, 32, ddepth.ptr, ddirs.ptr, dsp.ptr, ns, np,
                        d_depth.ptr, d_dirs.ptr, d_sp.ptr));
  check.array("depth", d_depth.get(), directional_fd<float>(outputs_at));
#elif CUAD_OUTPUT == 1
  const int n = 57;  // two warps, the second partly past n
  std::vector<float> x = rng.vec<float>(n), vx = rng.vec<float>(n), y0 = zeros<float>(n);
  auto outputs_at = [&](double t) {
    DeviceArray<float> dx(along(x, t, vx)), dy(y0);
    CUAD_LAUNCH(scan, 1, 64, n, dx.ptr, dy.ptr);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dx(x), d_x(vx), dy(y0), d_y(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(scan_pushforward, 1, 64, n, dx.ptr, dy.ptr, d_x.ptr, d_y.ptr));
  check.array("y", d_y.get(), directional_fd<float>(outputs_at));
#else
  const int n4 = 21;
  std::vector<float> xs = rng.vec<float>(4 * n4, -2.0, 2.0), vxs = rng.vec<float>(4 * n4),
                     bias = rng.vec<float>(2), vbias = rng.vec<float>(2);
  auto pack = [&](const std::vector<float>& f) {
    std::vector<float4> v(n4);
    for (int i = 0; i < n4; ++i) v[i] = make_float4(f[4 * i], f[4 * i + 1], f[4 * i + 2], f[4 * i + 3]);
    return v;
  };
  auto unpack = [&](const std::vector<float4>& v) {
    std::vector<double> f;
    for (const float4& q : v) f.insert(f.end(), {q.x, q.y, q.z, q.w});
    return f;
  };
  std::vector<float4> y0(n4, make_float4(0, 0, 0, 0));
  auto outputs_at = [&](double t) {
    DeviceArray<float4> dx(pack(along(xs, t, vxs))), dy(y0);
    DeviceArray<float> db(along(bias, t, vbias));
    DeviceScalar<double> dacc(0.0);
    CUAD_LAUNCH(silu4, 1, 32, n4, dx.ptr, db.ptr, dy.ptr, dacc.ptr);
    std::vector<double> out = unpack(dy.get());
    out.push_back(dacc.value());
    return out;
  };
  DeviceArray<float4> dx(pack(xs)), d_x(pack(vxs)), dy(y0), d_y(y0);
  DeviceArray<float> db(bias), d_b(vbias);
  DeviceScalar<double> dacc(0.0), d_acc(0.0);
  CUAD_GRAD(CUAD_LAUNCH(silu4_pushforward, 1, 32, n4, dx.ptr, db.ptr, dy.ptr, dacc.ptr, d_x.ptr,
                        d_b.ptr, d_y.ptr, d_acc.ptr));
  std::vector<double> got = unpack(d_y.get());
  got.push_back(d_acc.value());
  check.array("y, acc", got, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
