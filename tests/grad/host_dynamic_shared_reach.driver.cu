#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_dynamic_shared_reach");
  const int n = 64;
  Rng rng(2207);
  std::vector<double> x = rng.vec(n), w = rng.vec(n), vx = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> y(n);
    run(x.data(), y.data(), n);
    return dot(w, y);
  };
  std::vector<double> ax(n, 0.0), y(n, 0.0), ay = w;
  CUAD_GRAD(run_grad_0_1(x.data(), y.data(), n, ax.data(), ay.data()));
  check.array("x", ax, fd(x, loss));
  check.array("y", ay, std::vector<double>(n, 0.0));
#elif CUAD_OUTPUT == 2
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx), y(n);
    run(xs.data(), y.data(), n);
    return y;
  };
  std::vector<double> y(n), d_y(n);
  CUAD_GRAD(run_pushforward(x.data(), y.data(), n, vx.data(), d_y.data()));
  check.array("y", d_y, directional_fd<double>(outputs_at));
#elif CUAD_OUTPUT == 3
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(n, 0.0);
    CUAD_LAUNCH_SHARED(k_view, n / 32, 32, 32 * sizeof(double), dx.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dout(n, 0.0), ax(zeros<double>(n)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(k_view_grad, n / 32, 32, 2 * 32 * sizeof(double), dx.ptr, dout.ptr,
                               ax.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
#else
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx);
    DeviceArray<double> dx(xs), dout(n, 0.0);
    CUAD_LAUNCH_SHARED(k_view, n / 32, 32, 32 * sizeof(double), dx.ptr, dout.ptr);
    return dout.get();
  };
  DeviceArray<double> dx(x), d_x(vx), dout(zeros<double>(n)), d_out(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(k_view_pushforward, n / 32, 32, 2 * 32 * sizeof(double), dx.ptr,
                               dout.ptr, d_x.ptr, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
