#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

int main() {
  Checker check("rw9_hpc_p2g_cic");
  const int nx = 8, ny = 6, ng = nx * ny, np = 90;
  const float dx = 0.5f, inv_dx = 1.0f / dx;
  Rng rng(9108);
  // Positions: random cell plus a fraction in [0.2, 0.8] (away from cell faces by > h).
  std::vector<float> pf(2 * np);
  for (int p = 0; p < np; ++p) {
    pf[2 * p] = dx * ((float)(rng.next() % (2 * nx)) - nx / 2 + (float)rng.uniform(0.2, 0.8));
    pf[2 * p + 1] = dx * ((float)(rng.next() % ny) + (float)rng.uniform(0.2, 0.8));
  }
  auto to2 = [](const std::vector<float>& f) {
    std::vector<float2> v(f.size() / 2);
    for (size_t i = 0; i < v.size(); ++i) v[i] = make_float2(f[2 * i], f[2 * i + 1]);
    return v;
  };
  auto flat = [](const std::vector<float2>& v) {
    std::vector<float> f(2 * v.size());
    for (size_t i = 0; i < v.size(); ++i) { f[2 * i] = v[i].x; f[2 * i + 1] = v[i].y; }
    return f;
  };
#if CUAD_OUTPUT == 1
  std::vector<float> rho = rng.vec<float>(ng), q = rng.vec<float>(np, 0.5, 1.5), w = rng.vec<float>(ng);
  auto loss = [&] {
    DeviceArray<float> dr(rho), dq(q);
    DeviceArray<float2> dp(to2(pf));
    CUAD_LAUNCH(p2g_deposit, 2, 32, dr.ptr, dp.ptr, dq.ptr, inv_dx, np, nx, ny);
    return dot(w, dr.get());
  };
  DeviceArray<float> dr(rho), dq(q), ar(w), aq(zeros<float>(np));
  DeviceArray<float2> dp(to2(pf)), ap(to2(zeros<float>(2 * np)));
  CUAD_GRAD(CUAD_LAUNCH(p2g_deposit_grad_0_1_2, 2, 32, dr.ptr, dp.ptr, dq.ptr, inv_dx, np, nx, ny,
                        ar.ptr, ap.ptr, aq.ptr));
  check.array("rho", ar.get(), fd(rho, loss));
  check.array("pos", flat(ap.get()), fd(pf, loss));
  check.array("q", aq.get(), fd(q, loss));
#else
  const float qm_dt = 0.3f;
  std::vector<float> vf = rng.vec<float>(2 * np), ex = rng.vec<float>(ng), ey = rng.vec<float>(ng),
                     w = rng.vec<float>(2 * np);
  auto loss = [&] {
    DeviceArray<float2> dv(to2(vf)), dp(to2(pf));
    DeviceArray<float> dex(ex), dey(ey);
    CUAD_LAUNCH(g2p_push, 2, 32, dv.ptr, dp.ptr, dex.ptr, dey.ptr, qm_dt, inv_dx, np, nx, ny);
    return dot(w, flat(dv.get()));
  };
  DeviceArray<float2> dv(to2(vf)), dp(to2(pf)), av(to2(w)), ap(to2(zeros<float>(2 * np)));
  DeviceArray<float> dex(ex), dey(ey), aex(zeros<float>(ng)), aey(zeros<float>(ng));
  CUAD_GRAD(CUAD_LAUNCH(g2p_push_grad_0_1_2_3, 2, 32, dv.ptr, dp.ptr, dex.ptr, dey.ptr, qm_dt, inv_dx,
                        np, nx, ny, av.ptr, ap.ptr, aex.ptr, aey.ptr));
  check.array("vel", flat(av.get()), fd(vf, loss));
  check.array("pos", flat(ap.get()), fd(pf, loss));
  check.array("ex", aex.get(), fd(ex, loss));
  check.array("ey", aey.get(), fd(ey, loss));
#endif
  return check.finish();
}
