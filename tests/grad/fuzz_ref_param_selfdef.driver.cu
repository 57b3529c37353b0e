#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fuzz_ref_param_selfdef");
  const int n = 70;
  Rng rng(1124);
  std::vector<double> x = rng.vec(n), y = rng.vec(n), out = rng.vec(n);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_y(y), d_out(out);
    CUAD_LAUNCH(k, 3, 32, n, d_x.ptr, d_y.ptr, d_out.ptr);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_x(x), d_y(y), d_out(out);
  DeviceArray<double> a_x(zeros<double>(n)), a_y(zeros<double>(n)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_1_2_3, 3, 32, n, d_x.ptr, d_y.ptr, d_out.ptr, a_x.ptr, a_y.ptr,
                        a_out.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("out", a_out.get(), fd(out, loss));
#else
  std::vector<double> vx = rng.vec(n), vy = rng.vec(n), vout = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_x(along(x, t, vx)), d_y(along(y, t, vy)), d_out(along(out, t, vout));
    CUAD_LAUNCH(k, 3, 32, n, d_x.ptr, d_y.ptr, d_out.ptr);
    return as_doubles(d_out.get());
  };
  DeviceArray<double> d_x(x), d_y(y), d_out(out), t_x(vx), t_y(vy), t_out(vout);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 3, 32, n, d_x.ptr, d_y.ptr, d_out.ptr, t_x.ptr, t_y.ptr,
                        t_out.ptr));
  check.array("out", t_out.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
