#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24b_robertson_newton");
  const int ncell = 33, nsteps = 6, newton = 4;
  const double h = 0.2;
  Rng rng(24207);
  std::vector<double> y0(3 * ncell), k(3 * ncell);
  for (int c = 0; c < ncell; ++c) {
    y0[3 * c] = rng.uniform(0.8, 1.0);
    y0[3 * c + 1] = rng.uniform(0.0, 0.05);
    y0[3 * c + 2] = rng.uniform(0.0, 0.1);
    k[3 * c] = rng.uniform(0.03, 0.05);
    k[3 * c + 1] = rng.uniform(20.0, 40.0);   // scaled down from 3e7 to keep FD meaningful
    k[3 * c + 2] = rng.uniform(5.0, 15.0);
  }
#if CUAD_OUTPUT == 2
  std::vector<double> w = rng.vec(3 * ncell);
  auto loss = [&] {
    DeviceArray<double> dy(y0), dk(k), dout(zeros<double>(3 * ncell));
    CUAD_LAUNCH(robertson_implicit, 2, 32, dy.ptr, dk.ptr, dout.ptr, nsteps, newton, h, ncell);
    return dot(w, dout.get());
  };
  DeviceArray<double> dy(y0), dk(k), dout(zeros<double>(3 * ncell)), ay(zeros<double>(3 * ncell)), ak(zeros<double>(3 * ncell)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(robertson_implicit_grad_0_1_2, 2, 32, dy.ptr, dk.ptr, dout.ptr, nsteps, newton, h, ncell,
                        ay.ptr, ak.ptr, aout.ptr));
  check.array("y0", ay.get(), fd(y0, loss));
  check.array("k", ak.get(), fd(k, loss));
#else
  std::vector<double> vy = rng.vec(3 * ncell, -0.05, 0.05), vk(3 * ncell);
  for (int c = 0; c < ncell; ++c) {
    vk[3 * c] = rng.uniform(-0.01, 0.01);
    vk[3 * c + 1] = rng.uniform(-5.0, 5.0);
    vk[3 * c + 2] = rng.uniform(-2.0, 2.0);
  }
#if CUAD_OUTPUT == 3
  vy = zeros<double>(3 * ncell);
#endif
  auto outputs_at = [&](double t) {
    DeviceArray<double> dy(along(y0, t, vy)), dk(along(k, t, vk)), dout(zeros<double>(3 * ncell));
    CUAD_LAUNCH(robertson_implicit, 2, 32, dy.ptr, dk.ptr, dout.ptr, nsteps, newton, h, ncell);
    return dout.get();
  };
  DeviceArray<double> dy(y0), dk(k), dout(zeros<double>(3 * ncell)), ty(vy), tk(vk), tout(zeros<double>(3 * ncell));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(robertson_implicit_pushforward, 2, 32, dy.ptr, dk.ptr, dout.ptr, nsteps, newton, h, ncell,
                        ty.ptr, tk.ptr, tout.ptr, 0.0));
#else
  CUAD_GRAD(CUAD_LAUNCH(robertson_implicit_pushforward_1_2, 2, 32, dy.ptr, dk.ptr, dout.ptr, nsteps, newton, h, ncell,
                        tk.ptr, tout.ptr));
#endif
  check.array("yout", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
