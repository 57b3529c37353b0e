#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_pbc_idioms_gauss");
  Rng rng(23217);
  const int n = 50;
  const double3 box = make_double3(3.0, 3.4, 2.8);
  const double L[3] = {box.x, box.y, box.z};
  double eps = 1.3, sigma = 0.7;
  // positions spread over [-L, 2L) so that wrapping does something; no pair separation
  // (per component) at a half-box image boundary, no coordinate at a multiple of L
  std::vector<double> pos;
  while ((int)pos.size() < 3 * n) {
    double p[3];
    bool ok = true;
    for (int d = 0; d < 3; ++d) {
      p[d] = rng.uniform(-L[d], 2.0 * L[d]);
      const double f = p[d] / L[d];
      if (std::fabs(f - std::round(f)) < 0.01) ok = false;
    }
    for (size_t j = 0; j < pos.size() / 3 && ok; ++j)
      for (int d = 0; d < 3; ++d) {
        const double f = (p[d] - pos[3 * j + d]) / L[d];
        if (std::fabs(std::fabs(f - std::floor(f)) - 0.5) < 0.01) ok = false;
      }
    if (ok) pos.insert(pos.end(), p, p + 3);
  }
  double e0 = 0.2;
  auto run = [&](const std::vector<double>& p, double ep, double sg, double& e) {
    DeviceArray<double> d_p(p), d_e(std::vector<double>{e0}), d_w(zeros<double>(3 * n));
    CUAD_LAUNCH(gauss_core_energy, 1, 64, d_p.ptr, n, box, ep, sg, d_e.ptr, d_w.ptr);
    e = d_e.get()[0];
    return d_w.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> ww = rng.vec(3 * n);
  const double we = 0.8;
  auto loss = [&] {
    double e;
    const std::vector<double> w = run(pos, eps, sigma, e);
    return we * e + dot(ww, w);
  };
  DeviceArray<double> d_p(pos), d_e(std::vector<double>{e0}), d_w(zeros<double>(3 * n)), g_p(zeros<double>(3 * n)),
      g_e(std::vector<double>{we}), g_w(ww);
  DeviceScalar<double> g_eps, g_sig;
  CUAD_GRAD(CUAD_LAUNCH(gauss_core_energy_grad_0_3_4_5_6, 1, 64, d_p.ptr, n, box, eps, sigma, d_e.ptr, d_w.ptr,
                        g_p.ptr, g_eps.ptr, g_sig.ptr, g_e.ptr, g_w.ptr));
  check.array("pos", g_p.get(), fd(pos, loss));
  check.scalar("eps", g_eps.value(), fd(eps, loss));
  check.scalar("sigma", g_sig.value(), fd(sigma, loss));
  check.scalar("energy", g_e.get()[0], fd(e0, loss));
  check.array("wrapped", g_w.get(), zeros<double>(3 * n));
#else
  const std::vector<double> vp = rng.vec(3 * n);
  const double ve = 0.3, vs = -0.1;
  auto outputs_at = [&](double t) {
    double e;
    std::vector<double> out = run(along(pos, t, vp), along(eps, t, ve), along(sigma, t, vs), e);
    out.push_back(e);
    return out;
  };
  DeviceArray<double> d_p(pos), d_e(std::vector<double>{e0}), d_w(zeros<double>(3 * n)), t_p(vp),
      t_e(zeros<double>(1)), t_w(zeros<double>(3 * n));
  CUAD_GRAD(CUAD_LAUNCH(gauss_core_energy_pushforward_0_3_4_5_6, 1, 64, d_p.ptr, n, box, eps, sigma, d_e.ptr,
                        d_w.ptr, t_p.ptr, ve, vs, t_e.ptr, t_w.ptr));
  std::vector<double> tan = t_w.get();
  tan.push_back(t_e.get()[0]);
  check.array("tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
