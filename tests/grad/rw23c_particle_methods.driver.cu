#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23c_particle_methods");
  Rng rng(23311);
  const int n = 20;
  std::vector<double> x0 = rng.vec(3 * n), v0 = rng.vec(3 * n), mass = rng.vec(n, 0.5, 2.0), xout = rng.vec(3 * n);
  std::vector<int> steps(n);
  for (int i = 0; i < n; ++i) steps[i] = 3 + (i * 7) % 11;
  double k = 1.3;
  const double dt = 0.05;
  auto run = [&](const std::vector<double>& x, const std::vector<double>& v, const std::vector<double>& m, double kk) {
    DeviceArray<double> dx(x), dv(v), dm(m), dout(xout);
    DeviceArray<int> ds(steps);
    CUAD_LAUNCH(integrate, 1, 32, dx.ptr, dv.ptr, dm.ptr, ds.ptr, kk, dt, dout.ptr, n);
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(3 * n);
  auto loss = [&] { return dot(w, run(x0, v0, mass, k)); };
  DeviceArray<double> dx(x0), dv(v0), dm(mass), dout(xout), ax(zeros<double>(3 * n)), av(zeros<double>(3 * n)),
      am(zeros<double>(n)), aout(w);
  DeviceArray<int> ds(steps);
  DeviceScalar<double> ak(0.0);
  CUAD_GRAD(CUAD_LAUNCH(integrate_grad_0_1_2_4_6, 1, 32, dx.ptr, dv.ptr, dm.ptr, ds.ptr, k, dt, dout.ptr, n, ax.ptr,
                        av.ptr, am.ptr, ak.ptr, aout.ptr));
  check.array("x0", ax.get(), fd(x0, loss));
  check.array("v0", av.get(), fd(v0, loss));
  check.array("mass", am.get(), fd(mass, loss));
  check.scalar("k", ak.value(), fd(k, loss));
  check.array("xout (only written)", aout.get(), zeros<double>(3 * n));
#else
  const std::vector<double> vx = rng.vec(3 * n), vv = rng.vec(3 * n), vm = rng.vec(n);
  const double vk = 0.3;
  auto outputs_at = [&](double t) { return run(along(x0, t, vx), along(v0, t, vv), along(mass, t, vm), along(k, t, vk)); };
  DeviceArray<double> dx(x0), dv(v0), dm(mass), dout(xout), tx(vx), tv(vv), tm(vm), tout(zeros<double>(3 * n));
  DeviceArray<int> ds(steps);
  CUAD_GRAD(CUAD_LAUNCH(integrate_pushforward_0_1_2_4_6, 1, 32, dx.ptr, dv.ptr, dm.ptr, ds.ptr, k, dt, dout.ptr, n, tx.ptr,
                        tv.ptr, tm.ptr, vk, tout.ptr));
  check.array("xout tangent", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
