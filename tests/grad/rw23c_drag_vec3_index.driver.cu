#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23c_drag_vec3_index");
  Rng rng(23312);
  const int n = 24, steps = 5;
  const double dt = 0.1;
  const Vec3 g{0.0, 0.0, -9.8};
  std::vector<double> x0 = rng.vec(3 * n), v0 = rng.vec(3 * n, -2.0, 2.0), drag = rng.vec(n, 0.1, 0.6),
                      xout = rng.vec(3 * n);
  auto run = [&](const std::vector<double>& x, const std::vector<double>& v, const std::vector<double>& c) {
    DeviceArray<double> dx(x), dv(v), dc(c), dout(xout);
    CUAD_LAUNCH(push_particles, 1, 32, dx.ptr, dv.ptr, dc.ptr, g, dt, steps, dout.ptr, n);
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(3 * n);
  auto loss = [&] { return dot(w, run(x0, v0, drag)); };
  DeviceArray<double> dx(x0), dv(v0), dc(drag), dout(xout), ax(zeros<double>(3 * n)), av(zeros<double>(3 * n)),
      ac(zeros<double>(n)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(push_particles_grad_0_1_2_6, 1, 32, dx.ptr, dv.ptr, dc.ptr, g, dt, steps, dout.ptr, n, ax.ptr,
                        av.ptr, ac.ptr, aout.ptr));
  check.array("x0", ax.get(), fd(x0, loss));
  check.array("v0", av.get(), fd(v0, loss));
  check.array("drag", ac.get(), fd(drag, loss));
  check.array("xout (only written)", aout.get(), zeros<double>(3 * n));
#else
  const std::vector<double> vx = rng.vec(3 * n), vv = rng.vec(3 * n), vc = rng.vec(n, -0.1, 0.1);
  auto outputs_at = [&](double t) { return run(along(x0, t, vx), along(v0, t, vv), along(drag, t, vc)); };
  DeviceArray<double> dx(x0), dv(v0), dc(drag), dout(xout), tx(vx), tv(vv), tc(vc), tout(zeros<double>(3 * n));
  CUAD_GRAD(CUAD_LAUNCH(push_particles_pushforward_0_1_2_6, 1, 32, dx.ptr, dv.ptr, dc.ptr, g, dt, steps, dout.ptr, n,
                        tx.ptr, tv.ptr, tc.ptr, tout.ptr));
  check.array("xout tangent", tout.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("xout value", dout.get(), run(x0, v0, drag));
#endif
#endif
  return check.finish();
}
