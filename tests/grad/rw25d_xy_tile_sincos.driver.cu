#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_xy_tile_sincos");
  Rng rng(25411);
  const int L = 12, n = L * L;  // 2 x 3 blocks of 8 x 4, the x blocks partly outside
  const dim3 grid((L + 7) / 8, (L + 3) / 4), block(8, 4);
  std::vector<float> theta = rng.vec<float>(n, -3.0, 3.0), Jx = rng.vec<float>(n, 0.3, 1.2),
                     Jy = rng.vec<float>(n, 0.3, 1.2);
  float h = 0.45f;
  auto run = [&](const std::vector<float>& t, const std::vector<float>& jx, const std::vector<float>& jy, float hh) {
    DeviceArray<float> dt(t), dx(jx), dy(jy), dq(zeros<float>(n)), de(zeros<float>(1));
    CUAD_LAUNCH((xy_energy_torque<8, 4>), grid, block, L, dt.ptr, dx.ptr, dy.ptr, hh, dq.ptr, de.ptr);
    std::vector<float> out = dq.get();
    out.push_back(de.get()[0]);
    return out;
  };
  DeviceArray<float> dt(theta), dx(Jx), dy(Jy), dq(zeros<float>(n)), de(zeros<float>(1));
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n + 1, -0.5, 0.5);
  auto loss = [&] { return dot(w, run(theta, Jx, Jy, h)); };
  const std::vector<float> wq(w.begin(), w.begin() + n), we = {w[n]};
  DeviceArray<float> gt(zeros<float>(n)), gx(zeros<float>(n)), gy(zeros<float>(n)), gh(zeros<float>(1)), gq(wq),
      ge(we);
  CUAD_GRAD(CUAD_LAUNCH((xy_energy_torque_grad_1_2_3_4_5_6<8, 4>), grid, block, L, dt.ptr, dx.ptr, dy.ptr, h, dq.ptr, de.ptr,
                        gt.ptr, gx.ptr, gy.ptr, gh.ptr, gq.ptr, ge.ptr));
  check.array("theta", gt.get(), fd(theta, loss));
  check.array("Jx", gx.get(), fd(Jx, loss));
  check.array("Jy", gy.get(), fd(Jy, loss));
  check.scalar("h", gh.get()[0], fd(h, loss));
  check.array("torque", gq.get(), zeros<double>(n));
  check.array("energy", ge.get(), std::vector<double>{we[0]});
#else
  const std::vector<float> vt = rng.vec<float>(n), vx = rng.vec<float>(n), vy = rng.vec<float>(n);
  const float vh = 0.6f;
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(theta, t, vt), along(Jx, t, vx), along(Jy, t, vy), along(h, t, vh)));
  };
  DeviceArray<float> tt(vt), tx(vx), ty(vy), tq(zeros<float>(n)), te(zeros<float>(1));
  CUAD_GRAD(CUAD_LAUNCH((xy_energy_torque_pushforward<8, 4>), grid, block, L, dt.ptr, dx.ptr, dy.ptr, h, dq.ptr,
                        de.ptr, tt.ptr, tx.ptr, ty.ptr, vh, tq.ptr, te.ptr));
  std::vector<float> tan = tq.get();
  tan.push_back(te.get()[0]);
  check.array("tangent", as_doubles(tan), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
