#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_scan_float4");
  Rng rng(113);
#if CUAD_OUTPUT == 1
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
