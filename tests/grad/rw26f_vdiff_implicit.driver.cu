#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#define GRAD vdiff_step_grad_1_2_3_4<double>
#define PUSH vdiff_step_pushforward<double>

int main() {
  Checker check("rw26f_vdiff_implicit");
  Rng rng(26601);
  const int ncol = 37, NL = colphys::NLEV;
  colphys::PhysConst pc;
  pc.cp = 1004.0;
  pc.rho0 = 1.2;
  pc.dt = 600.0;
  for (int k = 0; k < NL; ++k) pc.dz[k] = 20.0 + 15.0 * k;
  check_cuda(cudaMemcpyToSymbol(c_phys, &pc, sizeof(pc)), "symbol");

  std::vector<double> th(NL * ncol), kd = rng.vec(ncol, 2.0, 30.0), sf = rng.vec(ncol, -50.0, 200.0);
  for (int k = 0; k < NL; ++k)
    for (int c = 0; c < ncol; ++c) th[k * ncol + c] = 0.004 * 20 * k + rng.uniform(-0.5, 0.5);  // anomaly from 290 K
  auto run = [&](const std::vector<double>& t, const std::vector<double>& k, const std::vector<double>& s) {
    DeviceArray<double> d_t(t), d_k(k), d_s(s), d_h(zeros<double>(ncol));
    CUAD_LAUNCH(vdiff_step<double>, 2, 32, ncol, d_t.ptr, d_k.ptr, d_s.ptr, d_h.ptr);
    std::vector<double> o = d_t.get(), h = d_h.get();
    o.insert(o.end(), h.begin(), h.end());
    return o;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> wt = rng.vec(NL * ncol), wh = rng.vec(ncol, -1e-3, 1e-3);
  auto loss = [&] {
    std::vector<double> o = run(th, kd, sf);
    std::vector<double> ot(o.begin(), o.begin() + NL * ncol), oh(o.begin() + NL * ncol, o.end());
    return dot(wt, ot) + dot(wh, oh);
  };
  DeviceArray<double> d_t(th), d_k(kd), d_s(sf), d_h(zeros<double>(ncol)), g_t(wt), g_k(zeros<double>(ncol)),
      g_s(zeros<double>(ncol)), g_h(wh);
  CUAD_GRAD(CUAD_LAUNCH(GRAD, 2, 32, ncol, d_t.ptr, d_k.ptr, d_s.ptr, d_h.ptr, g_t.ptr, g_k.ptr, g_s.ptr, g_h.ptr));
  check.array("theta", g_t.get(), fd(th, loss));
  check.array("kdiff", g_k.get(), fd(kd, loss));
  check.array("sflux", g_s.get(), fd(sf, loss));
  check.array("hflux", g_h.get(), zeros<double>(ncol));
#else
  const std::vector<double> vt = rng.vec(NL * ncol, -0.1, 0.1), vk = rng.vec(ncol), vs = rng.vec(ncol, -5, 5);
  auto outputs_at = [&](double t) { return run(along(th, t, vt), along(kd, t, vk), along(sf, t, vs)); };
  DeviceArray<double> d_t(th), d_k(kd), d_s(sf), d_h(zeros<double>(ncol)), t_t(vt), t_k(vk), t_s(vs),
      t_h(zeros<double>(ncol));
  CUAD_GRAD(CUAD_LAUNCH(PUSH, 2, 32, ncol, d_t.ptr, d_k.ptr, d_s.ptr, d_h.ptr, t_t.ptr, t_k.ptr, t_s.ptr, t_h.ptr));
  std::vector<double> o = t_t.get(), h = t_h.get();
  o.insert(o.end(), h.begin(), h.end());
  check.array("tangent", o, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
