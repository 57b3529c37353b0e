#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;

int main() {
  Checker check("rw16v_dh_mat4_class");
  const int n_cfg = 37;  // 2 blocks of 32: a partial last warp still shuffles (zeros)
  Rng rng(16014);
  std::vector<double> q = rng.vec(n_cfg * NJOINTS, -1.2, 1.2);
  std::vector<double> dh = {0.3, 0.0, 1.5707963, 0.0,  0.0, 0.4, 0.0, -0.2, 0.0, 0.35, 0.0, 0.1,
                            0.1, 0.0, 1.5707963, 0.0,  0.15, 0.0, -1.5707963, 0.3};
  std::vector<Vec3d> tg(n_cfg);
  for (auto& t : tg) t = Vec3d{rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), rng.uniform(0.0, 0.8)};
  DeviceArray<Vec3d> d_t(tg);
  const Vec3d tool{0.02, 0.0, 0.08};
  const double limit = 2.5, bw = 0.01;
  auto to_dh = [](const std::vector<double>& v) {
    std::vector<DHParam> o(v.size() / 4);
    std::memcpy(o.data(), v.data(), v.size() * sizeof(double));
    return o;
  };
  auto run = [&](const std::vector<double>& qq, const std::vector<double>& dd) {
    DeviceArray<double> d_q(qq), d_l(std::vector<double>{0.25});
    DeviceArray<DHParam> d_dh(to_dh(dd));
    CUAD_LAUNCH(fk_dh_loss, 2, 32, d_q.ptr, d_dh.ptr, d_t.ptr, tool, limit, bw, n_cfg, d_l.ptr);
    return d_l.get();
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return run(q, dh)[0]; };
  DeviceArray<double> d_q(q), d_l(std::vector<double>{0.25}), a_q(zeros<double>(q.size())),
      a_l(std::vector<double>{1.0});
  DeviceArray<DHParam> d_dh(to_dh(dh)), a_dh(to_dh(zeros<double>(dh.size())));
  CUAD_GRAD(CUAD_LAUNCH(fk_dh_loss_grad_0_1_7, 2, 32, d_q.ptr, d_dh.ptr, d_t.ptr, tool, limit, bw,
                        n_cfg, d_l.ptr, a_q.ptr, a_dh.ptr, a_l.ptr));
  std::vector<DHParam> g = a_dh.get();
  std::vector<double> gdh(dh.size());
  std::memcpy(gdh.data(), g.data(), gdh.size() * sizeof(double));
  check.array("q", a_q.get(), fd(q, loss));
  check.array("dh", gdh, fd(dh, loss));
  check.scalar("loss", a_l.get()[0], 1.0);
#else
  std::vector<double> vq = rng.vec(q.size(), -0.3, 0.3), vd = rng.vec(dh.size(), -0.1, 0.1);
  auto outputs_at = [&](double t) { return run(along(q, t, vq), along(dh, t, vd)); };
  DeviceArray<double> d_q(q), d_l(std::vector<double>{0.25}), t_q(vq), t_l(std::vector<double>{0.0});
  DeviceArray<DHParam> d_dh(to_dh(dh)), t_dh(to_dh(vd));
  CUAD_GRAD(CUAD_LAUNCH(fk_dh_loss_pushforward_0_1_7, 2, 32, d_q.ptr, d_dh.ptr, d_t.ptr, tool, limit,
                        bw, n_cfg, d_l.ptr, t_q.ptr, t_dh.ptr, t_l.ptr));
  check.array("loss", t_l.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
