#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("template_partial_args");
  const int n = 64;
  Rng rng(1);
  std::vector<double> x = rng.vec(n), out = zeros<double>(n), w = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(out);
    CUAD_LAUNCH(k, 1, n, dx.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dout(out), ax(zeros<double>(n)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad, 1, n, dx.ptr, dout.ptr, ax.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
#else
  std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dout(out);
    CUAD_LAUNCH(k, 1, n, dx.ptr, dout.ptr);
    return dout.get();
  };
  DeviceArray<double> dx(x), dout(out), d_x(vx), d_out(std::vector<double>(n, 123.0));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, n, dx.ptr, dout.ptr, d_x.ptr, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
