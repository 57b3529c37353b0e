#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;

static std::vector<float3> to3(const std::vector<float>& v) {
  std::vector<float3> a(v.size() / 3);
  for (size_t i = 0; i < a.size(); ++i) a[i] = make_float3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
  return a;
}
static std::vector<float> fl3(const std::vector<float3>& a) {
  std::vector<float> v;
  for (auto& q : a) v.insert(v.end(), {q.x, q.y, q.z});
  return v;
}

int main() {
  Checker check("rw26a_volume_warp_scan");
  Rng rng(26808);
  const std::vector<int> counts = {10, 40, 70, 0, 33};
  const int R = (int)counts.size();
  std::vector<int> offsets(R + 1, 0);
  for (int r = 0; r < R; ++r) offsets[r + 1] = offsets[r] + counts[r];
  const int S = offsets[R];
  std::vector<float> ts(S), dts(S), pos(3 * S);
  for (int r = 0; r < R; ++r) {
    const double o[3] = {rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3), -2.0};
    double d[3] = {rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.2), 1.0};
    double t = 0.5;
    for (int s = offsets[r]; s < offsets[r + 1]; ++s) {
      const double dt = 3.0 / std::max(1, counts[r]) * rng.uniform(0.7, 1.3);
      ts[s] = (float)(t + 0.5 * dt);
      dts[s] = (float)dt;
      for (int k = 0; k < 3; ++k) pos[3 * s + k] = (float)(o[k] + ts[s] * d[k]);
      t += dt;
    }
  }
  const int out_n = 5 * R;
  auto run = [&](const std::vector<float>& sig, const std::vector<float>& rgb, const std::vector<float>& bg) {
    DeviceArray<int> doff(offsets);
    DeviceArray<float> dsig(sig), dts_(ts), ddts(dts), dd(zeros<float>(R)), dop(zeros<float>(R));
    DeviceArray<float3> drgb(to3(rgb)), dout(to3(zeros<float>(3 * R)));
    CUAD_LAUNCH(composite_rays, (32 * R + 63) / 64, 64, doff.ptr, R, dsig.ptr, drgb.ptr, dts_.ptr, ddts.ptr,
                make_float3(bg[0], bg[1], bg[2]), dout.ptr, dd.ptr, dop.ptr);
    std::vector<float> o = fl3(dout.get()), a = dd.get(), b = dop.get();
    o.insert(o.end(), a.begin(), a.end());
    o.insert(o.end(), b.begin(), b.end());
    return o;
  };
  std::vector<float> sig = rng.vec<float>(S, 0.0, 3.0), rgb = rng.vec<float>(3 * S, 0.0, 1.0), bg = {0.9f, 0.8f, 1.0f};
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(out_n);
  auto loss = [&] { return dot(w, run(sig, rgb, bg)); };
  DeviceArray<int> doff(offsets);
  DeviceArray<float> dsig(sig), dts_(ts), ddts(dts), dd(zeros<float>(R)), dop(zeros<float>(R)), gsig(zeros<float>(S)),
      gd(std::vector<float>(w.begin() + 3 * R, w.begin() + 4 * R)), gop(std::vector<float>(w.begin() + 4 * R, w.end()));
  DeviceArray<float3> drgb(to3(rgb)), dout(to3(zeros<float>(3 * R))), grgb(to3(zeros<float>(3 * S))),
      gout(to3(std::vector<float>(w.begin(), w.begin() + 3 * R)));
  DeviceScalar<float3> gbg(make_float3(0, 0, 0));
  CUAD_GRAD(CUAD_LAUNCH(composite_rays_grad_2_3_6_7_8_9, (32 * R + 63) / 64, 64, doff.ptr, R, dsig.ptr, drgb.ptr,
                        dts_.ptr, ddts.ptr, make_float3(bg[0], bg[1], bg[2]), dout.ptr, dd.ptr, dop.ptr, gsig.ptr,
                        grgb.ptr, gbg.ptr, gout.ptr, gd.ptr, gop.ptr));
  check.array("sigmas", gsig.get(), fd(sig, loss));
  check.array("rgbs", fl3(grgb.get()), fd(rgb, loss));
  check.array("bg", fl3(gbg.get()), fd(bg, loss));
  check.array("out_rgb (only written)", fl3(gout.get()), zeros<double>(3 * R));
  check.array("out_depth (only written)", gd.get(), zeros<double>(R));
  check.array("out_opacity (only written)", gop.get(), zeros<double>(R));
#elif CUAD_OUTPUT == 2
  const int NB = 4;
  static_assert(sizeof(Blob) == 8 * sizeof(float), "Blob is 8 floats");
  std::vector<float> blobs(8 * NB);
  for (int b = 0; b < NB; ++b) {
    float* p = &blobs[8 * b];
    p[0] = (float)rng.uniform(-0.4, 0.4), p[1] = (float)rng.uniform(-0.4, 0.4), p[2] = (float)rng.uniform(-0.5, 0.5);
    p[3] = (float)rng.uniform(2.0, 6.0), p[4] = (float)rng.uniform(1.0, 4.0);
    for (int c = 5; c < 8; ++c) p[c] = (float)rng.uniform(-2.0, 2.0);
  }
  auto blobs_of = [&](const std::vector<float>& v) {
    std::vector<Blob> b(NB);
    std::memcpy(b.data(), v.data(), v.size() * sizeof(float));
    return b;
  };
  const std::vector<float> w = rng.vec<float>(out_n);
  auto loss = [&] {
    std::vector<Blob> b = blobs_of(blobs);
    std::vector<float> out(out_n, 0.0f);
    render_blobs(b.data(), NB, pos.data(), ts.data(), dts.data(), offsets.data(), R, out.data());
    return dot(w, out);
  };
  std::vector<Blob> b = blobs_of(blobs), gb = blobs_of(zeros<float>(8 * NB));
  std::vector<float> out(out_n, 0.0f), gout = w;
  CUAD_GRAD(render_blobs_grad_0_7(b.data(), NB, pos.data(), ts.data(), dts.data(), offsets.data(), R, out.data(),
                                  gb.data(), gout.data()));
  std::vector<float> gflat(8 * NB);
  std::memcpy(gflat.data(), gb.data(), gflat.size() * sizeof(float));
  check.array("blobs_h", gflat, fd(blobs, loss));
  check.array("out_h (only written)", gout, zeros<double>(out_n));
#else
  const std::vector<float> vs = rng.vec<float>(S), vr = rng.vec<float>(3 * S);
  auto outputs_at = [&](double t) { return as_doubles(run(along(sig, t, vs), along(rgb, t, vr), bg)); };
  DeviceArray<int> doff(offsets);
  DeviceArray<float> dsig(sig), dts_(ts), ddts(dts), dd(zeros<float>(R)), dop(zeros<float>(R)), tsig(vs),
      td(zeros<float>(R)), top(zeros<float>(R));
  DeviceArray<float3> drgb(to3(rgb)), dout(to3(zeros<float>(3 * R))), trgb(to3(vr)), tout(to3(zeros<float>(3 * R)));
  CUAD_GRAD(CUAD_LAUNCH(composite_rays_pushforward_2_3_7_8_9, (32 * R + 63) / 64, 64, doff.ptr, R, dsig.ptr, drgb.ptr,
                        dts_.ptr, ddts.ptr, make_float3(bg[0], bg[1], bg[2]), dout.ptr, dd.ptr, dop.ptr, tsig.ptr,
                        trgb.ptr, tout.ptr, td.ptr, top.ptr));
  std::vector<float> tang = fl3(tout.get()), a = td.get(), b = top.get();
  tang.insert(tang.end(), a.begin(), a.end());
  tang.insert(tang.end(), b.begin(), b.end());
  check.array("tangent", as_doubles(tang), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
