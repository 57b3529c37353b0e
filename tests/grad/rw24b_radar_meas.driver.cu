#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<Pose> poses(const std::vector<float>& v) {
  std::vector<Pose> p(v.size() / 3);
  for (size_t i = 0; i < p.size(); ++i) p[i] = {v[3 * i], v[3 * i + 1], v[3 * i + 2]};
  return p;
}
static std::vector<Target> tgts(const std::vector<float>& v) {
  std::vector<Target> p(v.size() / 4);
  for (size_t i = 0; i < p.size(); ++i) p[i] = {v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]};
  return p;
}
static std::vector<double> flat(const std::vector<Meas>& m) {
  std::vector<double> v;
  for (auto& x : m) { v.push_back(x.range); v.push_back(x.bearing); v.push_back(x.rate); }
  return v;
}
template <class S>
static std::vector<float> flatf(const std::vector<S>& m) {
  std::vector<float> v;
  for (auto& x : m) {
    const float* f = reinterpret_cast<const float*>(&x);
    for (size_t k = 0; k < sizeof(S) / sizeof(float); ++k) v.push_back(f[k]);
  }
  return v;
}

int main() {
  Checker check("rw24b_radar_meas");
  const int ns = 3, nt = 40;
  const float sharp = 2.0f;
  Rng rng(24203);
  std::vector<float> sv(3 * ns), tv(4 * nt), r0 = rng.vec<float>(ns, 3.0, 5.0);
  for (int s = 0; s < ns; ++s) {
    sv[3 * s] = rng.uniform(-2, 2); sv[3 * s + 1] = rng.uniform(-2, 2); sv[3 * s + 2] = rng.uniform(-3, 3);
  }
  // targets in front of sensor 0 and away from the others' bearing cut (checked below)
  for (int t = 0; t < nt; ++t) {
    const double r = rng.uniform(2.0, 6.0), phi = rng.uniform(-1.2, 1.2);
    tv[4 * t] = sv[0] + r * std::cos(sv[2] + phi);
    tv[4 * t + 1] = sv[1] + r * std::sin(sv[2] + phi);
    tv[4 * t + 2] = rng.uniform(-1, 1);
    tv[4 * t + 3] = rng.uniform(-1, 1);
  }
  // keep every pair's bearing away from +-pi and every range away from 0
  for (int s = 0; s < ns; ++s)
    for (int t = 0; t < nt; ++t) {
      Meas m = predict(poses(sv)[s], tgts(tv)[t]);
      if (std::fabs(std::fabs(m.bearing) - 3.14159265f) < 0.1f || m.range < 0.5f) {
        tv[4 * t] += 0.0f;  // report: the driver must not sit on the cut
        std::printf("pair (%d,%d) near the bearing cut: bearing %g range %g\n", s, t, m.bearing, m.range);
      }
    }
  const dim3 grid(2, ns), block(32);
#if CUAD_OUTPUT == 1
  std::vector<float> vs = rng.vec<float>(3 * ns, -0.3, 0.3), vt = rng.vec<float>(4 * nt, -0.3, 0.3), vr = rng.vec<float>(ns, -0.5, 0.5);
  auto outputs_at = [&](double t) {
    DeviceArray<Pose> ds(poses(along(sv, t, vs)));
    DeviceArray<Target> dt(tgts(along(tv, t, vt)));
    DeviceArray<float> dr(along(r0, t, vr)), dsc(zeros<float>(ns * nt));
    DeviceArray<Meas> dm(std::vector<Meas>(ns * nt, Meas{0, 0, 0}));
    CUAD_LAUNCH(radar_predict, grid, block, ds.ptr, dt.ptr, dr.ptr, dm.ptr, dsc.ptr, ns, nt, sharp);
    std::vector<double> out = flat(dm.get());
    for (float x : dsc.get()) out.push_back(x);
    return out;
  };
  DeviceArray<Pose> ds(poses(sv)), ts(poses(vs));
  DeviceArray<Target> dt(tgts(tv)), tt(tgts(vt));
  DeviceArray<float> dr(r0), tr(vr), dsc(zeros<float>(ns * nt)), tsc(zeros<float>(ns * nt));
  DeviceArray<Meas> dm(std::vector<Meas>(ns * nt, Meas{0, 0, 0})), tm(std::vector<Meas>(ns * nt, Meas{9, 9, 9}));
  CUAD_GRAD(CUAD_LAUNCH(radar_predict_pushforward, grid, block, ds.ptr, dt.ptr, dr.ptr, dm.ptr, dsc.ptr, ns, nt, sharp,
                        ts.ptr, tt.ptr, tr.ptr, tm.ptr, tsc.ptr, 0.0f));
  std::vector<double> tang = flat(tm.get());
  for (float x : tsc.get()) tang.push_back(x);
  check.array("tangent", tang, directional_fd<float>(outputs_at), Tol{3e-3, 1e-2});
#elif CUAD_OUTPUT == 2
  std::vector<float> wm = rng.vec<float>(3 * ns * nt), wsc = rng.vec<float>(ns * nt);
  auto loss = [&] {
    DeviceArray<Pose> ds(poses(sv));
    DeviceArray<Target> dt(tgts(tv));
    DeviceArray<float> dr(r0), dsc(zeros<float>(ns * nt));
    DeviceArray<Meas> dm(std::vector<Meas>(ns * nt, Meas{0, 0, 0}));
    CUAD_LAUNCH(radar_predict, grid, block, ds.ptr, dt.ptr, dr.ptr, dm.ptr, dsc.ptr, ns, nt, sharp);
    return dot(wm, flat(dm.get())) + dot(wsc, dsc.get());
  };
  DeviceArray<Pose> ds(poses(sv)), as(poses(zeros<float>(3 * ns)));
  DeviceArray<Target> dt(tgts(tv)), at(tgts(zeros<float>(4 * nt)));
  DeviceArray<float> dr(r0), ar(zeros<float>(ns)), dsc(zeros<float>(ns * nt)), asc(wsc);
  DeviceArray<Meas> dm(std::vector<Meas>(ns * nt, Meas{0, 0, 0}));
  std::vector<Meas> wmv(ns * nt);
  for (int i = 0; i < ns * nt; ++i) wmv[i] = {wm[3 * i], wm[3 * i + 1], wm[3 * i + 2]};
  DeviceArray<Meas> am(wmv);
  CUAD_GRAD(CUAD_LAUNCH(radar_predict_grad_0_1_2_3_4, grid, block, ds.ptr, dt.ptr, dr.ptr, dm.ptr, dsc.ptr, ns, nt, sharp,
                        as.ptr, at.ptr, ar.ptr, am.ptr, asc.ptr));
  check.array("sensors", flatf(as.get()), fd(sv, loss));
  check.array("targets", flatf(at.get()), fd(tv, loss));
  check.array("r0", ar.get(), fd(r0, loss));
#else
  // the __host__ __device__ measurement function itself, on the host
  for (int s = 0; s < ns; ++s)
    for (int t = 0; t < nt; t += 7) {
      Pose p = poses(sv)[s], vp{0.2f, -0.3f, 0.25f};
      Target g = tgts(tv)[t], vg{-0.1f, 0.4f, 0.3f, -0.2f};
      auto outputs_at = [&](double h) {
        Pose ph{(float)along(p.x, h, vp.x), (float)along(p.y, h, vp.y), (float)along(p.heading, h, vp.heading)};
        Target gh{along(g.px, h, vg.px), along(g.py, h, vg.py), along(g.vx, h, vg.vx), along(g.vy, h, vg.vy)};
        Meas m = predict(ph, gh);
        return std::vector<double>{m.range, m.bearing, m.rate};
      };
      std::vector<double> fdv = directional_fd<float>(outputs_at);
      std::vector<double> tang(3, 0.0), val(3, 0.0);
      CUAD_GRAD(auto r = predict_pushforward(p, g, vp, vg);
                tang = {r.pushforward.range, r.pushforward.bearing, r.pushforward.rate};
                val = {r.value.range, r.value.bearing, r.value.rate});
      check.array(at("pushforward", s * nt + t), tang, fdv, Tol{3e-3, 1e-2});
      Meas m = predict(p, g);
      CUAD_GRAD(check.array(at("value", s * nt + t), val, std::vector<double>{m.range, m.bearing, m.rate}));
    }
#endif
  return check.finish();
}
