#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22g_thomas_cn");
  const int nrod = 8, nx = 10;
  Rng rng(22708);
  std::vector<double> u = rng.vec(nrod * nx, 0.0, 2.0), kappa = rng.vec(nrod * nx, 0.5, 2.0);
  double dt = 0.1;
  const double t_end = 0.35, dx = 0.3;  // steps 0.1, 0.1, 0.1, then fmin gives 0.05
  auto run = [&](const std::vector<double>& uu, const std::vector<double>& kk, double d) {
    DeviceArray<double> du(uu), dk(kk);
    CUAD_LAUNCH(rod_cn_steps, 1, 32, nrod, du.ptr, dk.ptr, d, t_end, dx);
    return du.get();
  };
  {  // insulated ends: the total heat is conserved
    const std::vector<double> out = run(u, kappa, dt);
    double worst = 0.0;
    for (int r = 0; r < nrod; ++r) {
      double s0 = 0.0, s1 = 0.0;
      for (int i = 0; i < nx; ++i) s0 += u[r * nx + i], s1 += out[r * nx + i];
      worst = std::fmax(worst, std::fabs(s1 - s0));
    }
    check.expect(worst < 1e-12, "heat conserved");
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(nrod * nx);
  auto loss = [&] { return dot(w, run(u, kappa, dt)); };
  DeviceArray<double> du(u), dk(kappa), gu(w), gk(zeros<double>(kappa.size()));
  DeviceScalar<double> gdt(0.0);
  CUAD_GRAD(CUAD_LAUNCH(rod_cn_steps_grad_1_2_3, 1, 32, nrod, du.ptr, dk.ptr, dt, t_end, dx,
                        gu.ptr, gk.ptr, gdt.ptr));
  check.array("u", gu.get(), fd(u, loss));
  check.array("kappa", gk.get(), fd(kappa, loss));
  check.scalar("dt", gdt.value(), fd(dt, loss));
#else
  const std::vector<double> vu = rng.vec(u.size()), vk = rng.vec(kappa.size(), -0.3, 0.3);
  const double vdt = 0.4;
  auto outputs_at = [&](double s) { return run(along(u, s, vu), along(kappa, s, vk), along(dt, s, vdt)); };
  DeviceArray<double> du(u), dk(kappa), tu(vu), tk(vk);
  CUAD_GRAD(CUAD_LAUNCH(rod_cn_steps_pushforward, 1, 32, nrod, du.ptr, dk.ptr, dt, t_end, dx,
                        tu.ptr, tk.ptr, vdt, 0.0, 0.0));
  check.array("u tangent", tu.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
