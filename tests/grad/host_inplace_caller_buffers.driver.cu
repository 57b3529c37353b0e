#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_inplace_caller_buffers");
  Rng rng(20131);
#if CUAD_OUTPUT == 1
  const int n = 150, iters = 3;
  std::vector<double> x = rng.vec(n, -0.6, 0.6), b = rng.vec(n, -0.5, 0.5);
  std::vector<double> v0 = rng.vec(n, 0.2, 0.9);
  double w = 0.3;
  const std::vector<double> wx = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), db(b), dv(v0);
    solve(dx.ptr, db.ptr, dv.ptr, w, n, iters);
    return dot(wx, dx.get());
  };
  DeviceArray<double> dx(x), db(b), dv(v0), ax(wx), ab(zeros<double>(n)), av(zeros<double>(n));
  double aw = 0.0;
  CUAD_GRAD(solve_grad_0_1_2_3(dx.ptr, db.ptr, dv.ptr, w, n, iters, ax.ptr, ab.ptr, av.ptr, &aw));
  check.array("x", ax.get(), fd(x, loss));
  check.array("b", ab.get(), fd(b, loss));
  check.array("v", av.get(), fd(v0, loss));
  check.scalar("w", aw, fd(w, loss));
#elif CUAD_OUTPUT == 2
  const int w = 13, h = 11, n = w * h, iters = 3;
  std::vector<double> img = rng.vec(n, 0.1, 0.9), mask = rng.vec(n, 0.0, 1.0);
  double a = 0.4;
  const std::vector<double> wi = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> di(img), dm(mask);
    denoise(di.ptr, dm.ptr, a, w, h, iters);
    return dot(wi, di.get());
  };
  DeviceArray<double> di(img), dm(mask), ai(wi), am(zeros<double>(n));
  double aa = 0.0;
  CUAD_GRAD(denoise_grad_0_1_2(di.ptr, dm.ptr, a, w, h, iters, ai.ptr, am.ptr, &aa));
  check.array("img", ai.get(), fd(img, loss));
  check.array("mask", am.get(), fd(mask, loss));
  check.scalar("a", aa, fd(a, loss));
#else
  const int n = 40, steps = 3;
  std::vector<double> z = rng.vec(2 * n, -0.9, 0.9);
  double gamma = 0.7;
  const std::vector<double> wz = rng.vec(2 * n);
  auto loss = [&] {
    DeviceArray<double> dz(z);
    kerr_steps(dz.ptr, gamma, n, steps);
    return dot(wz, dz.get());
  };
  DeviceArray<double> dz(z), az(wz);
  double ag = 0.0;
  CUAD_GRAD(kerr_steps_grad_0_1(dz.ptr, gamma, n, steps, az.ptr, &ag));
  check.array("z", az.get(), fd(z, loss));
  check.scalar("gamma", ag, fd(gamma, loss));
#endif
  return check.finish();
}
