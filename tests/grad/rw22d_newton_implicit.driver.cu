#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22d_newton_implicit");
#if CUAD_OUTPUT == 1
  const int n = 50;
  Rng rng(2202);
  std::vector<double> M = rng.vec(n, -3.0, 3.0), vM = rng.vec(n),
                      e = rng.vec(n, 0.05, 0.6), ve = rng.vec(n, -0.3, 0.3),
                      a = rng.vec(n, 0.8, 2.0), va = rng.vec(n);
  double mu = 1.3, vmu = 0.7;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dM(along(M, t, vM)), de(along(e, t, ve)), da(along(a, t, va)),
        dpos(zeros<double>(2 * n)), dsp(zeros<double>(n));
    CUAD_LAUNCH(kepler_orbit, 2, 32, n, dM.ptr, de.ptr, da.ptr, along(mu, t, vmu), dpos.ptr,
                dsp.ptr);
    std::vector<double> out = dpos.get(), sp = dsp.get();
    out.insert(out.end(), sp.begin(), sp.end());
    return out;
  };
  DeviceArray<double> dM(M), d_M(vM), de(e), d_e(ve), da(a), d_a(va), dpos(zeros<double>(2 * n)),
      d_pos(zeros<double>(2 * n)), dsp(zeros<double>(n)), d_sp(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(kepler_orbit_pushforward, 2, 32, n, dM.ptr, de.ptr, da.ptr, mu, dpos.ptr,
                        dsp.ptr, d_M.ptr, d_e.ptr, d_a.ptr, vmu, d_pos.ptr, d_sp.ptr));
  std::vector<double> tan = d_pos.get(), tsp = d_sp.get();
  tan.insert(tan.end(), tsp.begin(), tsp.end());
  check.array("pos,speed", tan, directional_fd<double>(outputs_at));
#else
  const int n = 48;
  Rng rng(2203);
  std::vector<double> z = rng.vec(n, 0.05, 6.0), vz = rng.vec(n);
  for (int i = 0; i < n; i += 6) z[i] = 0.1 + 0.05 * (i % 4);  // the small-z start
  double scale = 1.2;
  std::vector<int> it0(n, 0);
#if CUAD_OUTPUT == 2
  double vscale = -0.4;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dz(along(z, t, vz)), dw(zeros<double>(n));
    DeviceArray<int> dit(it0);
    CUAD_LAUNCH(lambert_w, 2, 32, n, dz.ptr, along(scale, t, vscale), dw.ptr, dit.ptr);
    return dw.get();
  };
  DeviceArray<double> dz(z), d_z(vz), dw(zeros<double>(n)), d_w(zeros<double>(n));
  DeviceArray<int> dit(it0);
  CUAD_GRAD(CUAD_LAUNCH(lambert_w_pushforward, 2, 32, n, dz.ptr, scale, dw.ptr, dit.ptr, d_z.ptr,
                        vscale, d_w.ptr));
  check.array("w", d_w.get(), directional_fd<double>(outputs_at));
  check.array("w (primal)", dw.get(), outputs_at(0.0), Tol{1e-12, 1e-12});
  // the loop ran a data-dependent number of iterations
  DeviceArray<double> pz(z), pw(zeros<double>(n));
  DeviceArray<int> pit(it0);
  CUAD_LAUNCH(lambert_w, 2, 32, n, pz.ptr, scale, pw.ptr, pit.ptr);
  std::vector<int> its = pit.get();
  int lo = 100, hi = 0;
  for (int k : its) lo = k < lo ? k : lo, hi = k > hi ? k : hi;
  check.expect(lo >= 2 && hi < 60, "Halley iterations between 2 and 59");
#else
  std::vector<double> ww = rng.vec(n);
  auto loss = [&]() {
    DeviceArray<double> dz(z), dw(zeros<double>(n));
    DeviceArray<int> dit(it0);
    CUAD_LAUNCH(lambert_w, 2, 32, n, dz.ptr, scale, dw.ptr, dit.ptr);
    return dot(ww, dw.get());
  };
  DeviceArray<double> dz(z), a_z(zeros<double>(n)), dw(zeros<double>(n)), a_w(ww);
  DeviceArray<int> dit(it0);
  DeviceScalar<double> a_scale(0.0);
  CUAD_GRAD(CUAD_LAUNCH(lambert_w_grad_1_2_3, 2, 32, n, dz.ptr, scale, dw.ptr, dit.ptr, a_z.ptr,
                        a_scale.ptr, a_w.ptr));
  check.array("z", a_z.get(), fd(z, loss));
  check.scalar("scale", a_scale.value(), fd(scale, loss));
#endif
#endif
  return check.finish();
}
