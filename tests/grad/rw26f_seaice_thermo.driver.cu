#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;

int main() {
  Checker check("rw26f_seaice_thermo");
  Rng rng(26609);
  const int n = 48;
  const double dt = 86400.0;
  std::vector<IceState> st(n);
  std::vector<Forcing> fo(n);
  for (int c = 0; c < n; ++c) {
    const int kind = c % 4;
    if (kind == 0) {  // winter
      st[c] = {rng.uniform(0.5, 2.5), rng.uniform(0.05, 0.3), rng.uniform(245.0, 260.0)};
      fo[c] = {0.0, rng.uniform(160.0, 220.0), rng.uniform(240.0, 255.0), rng.uniform(2.0, 8.0)};
    } else if (kind == 1) {  // summer, thick snow survives
      st[c] = {rng.uniform(1.0, 2.0), rng.uniform(0.3, 0.5), 272.0};
      fo[c] = {rng.uniform(150.0, 220.0), 300.0, rng.uniform(274.0, 276.0), rng.uniform(2.0, 8.0)};
    } else if (kind == 2) {  // summer, thin snow melts out, ice melts
      st[c] = {rng.uniform(1.0, 2.0), rng.uniform(0.002, 0.01), 272.0};
      fo[c] = {rng.uniform(250.0, 320.0), 310.0, rng.uniform(276.0, 279.0), rng.uniform(5.0, 15.0)};
    } else {  // thin ice in a warm ocean: melts out
      st[c] = {rng.uniform(0.06, 0.08), 0.0 + rng.uniform(0.001, 0.003), 270.0};
      fo[c] = {rng.uniform(200.0, 250.0), 310.0, 277.0, rng.uniform(80.0, 120.0)};
    }
  }
  double kice = 2.03;
  std::vector<double> sv(3 * n), fv(4 * n);
  std::memcpy(sv.data(), st.data(), sv.size() * sizeof(double));
  std::memcpy(fv.data(), fo.data(), fv.size() * sizeof(double));
  auto run = [&](const std::vector<double>& s, const std::vector<double>& f, double k, std::vector<int>* reg) {
    DeviceArray<double> ds(s), df(f);
    DeviceArray<int> dr(std::vector<int>(n, -1));
    CUAD_LAUNCH(seaice_step, 2, 32, n, reinterpret_cast<IceState*>(ds.ptr), reinterpret_cast<Forcing*>(df.ptr), k, dt,
                dr.ptr);
    if (reg) *reg = dr.get();
    return ds.get();
  };
  std::vector<int> reg;
  run(sv, fv, kice, &reg);
  int count[4] = {0, 0, 0, 0};
  for (int c = 0; c < n; ++c) count[reg[c]]++;
  std::printf("regimes: open %d freezing %d melt_snow %d melt_ice %d\n", count[0], count[1], count[2], count[3]);
  check.expect(count[0] > 0 && count[1] > 0 && count[2] > 0 && count[3] > 0, "all regimes");
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(3 * n);
  for (int c = 0; c < n; ++c) w[3 * c + 2] *= 0.01;
  auto loss = [&] { return dot(w, run(sv, fv, kice, nullptr)); };
  DeviceArray<double> ds(sv), df(fv), gs(w), gf(zeros<double>(4 * n));
  DeviceScalar<double> gk(0.0);
  DeviceArray<int> dr(std::vector<int>(n, -1));
  CUAD_GRAD(CUAD_LAUNCH(seaice_step_grad_1_2_3, 2, 32, n, reinterpret_cast<IceState*>(ds.ptr),
                        reinterpret_cast<Forcing*>(df.ptr), kice, dt, dr.ptr, reinterpret_cast<IceState*>(gs.ptr),
                        reinterpret_cast<Forcing*>(gf.ptr), gk.ptr));
  check.array("state", gs.get(), fd(sv, loss));
  check.array("forc", gf.get(), fd(fv, loss));
  check.scalar("k_ice", gk.value(), fd(kice, loss));
#else
  std::vector<double> vs = rng.vec(3 * n, -0.01, 0.01), vf = rng.vec(4 * n);
  for (int c = 0; c < n; ++c) vs[3 * c + 2] = rng.uniform(-1, 1);
  auto outputs_at = [&](double t) { return run(along(sv, t, vs), along(fv, t, vf), kice, nullptr); };
  DeviceArray<double> ds(sv), df(fv), ts(vs), tf(vf);
  DeviceArray<int> dr(std::vector<int>(n, -1));
  CUAD_GRAD(CUAD_LAUNCH(seaice_step_pushforward_1_2, 2, 32, n, reinterpret_cast<IceState*>(ds.ptr),
                        reinterpret_cast<Forcing*>(df.ptr), kice, dt, dr.ptr, reinterpret_cast<IceState*>(ts.ptr),
                        reinterpret_cast<Forcing*>(tf.ptr)));
  check.array("state tangent", ts.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
