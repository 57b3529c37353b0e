#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT != 3
template <class T, int K>
void run(Checker& check, const char* label) {
  const int n = 45;
  Rng rng(106);
  std::vector<T> x = rng.vec<T>(n, -2.0, 2.0), vx = rng.vec<T>(n), y = rng.vec<T>(n),
                 vy = rng.vec<T>(n), out0 = zeros<T>(n);
  T a = T(0.8), va = T(-0.4), b = T(1.2), vb = T(0.9);
  const int blocks = (n + K * 16 - 1) / (K * 16);
  auto outputs_at = [&](double t) {
    DeviceArray<T> dx(along(x, t, vx)), dy(along(y, t, vy)), dout(out0);
    CUAD_LAUNCH((axpby_map<T, K>), blocks, 16, n, along(a, t, va), dx.ptr, along(b, t, vb),
                dy.ptr, dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<T> dx(x), d_x(vx), dy(y), d_y(vy), dout(out0), d_out(zeros<T>(n));
  CUAD_GRAD(CUAD_LAUNCH((axpby_map_pushforward<T, K>), blocks, 16, n, a, dx.ptr, b, dy.ptr,
                        dout.ptr, va, d_x.ptr, vb, d_y.ptr, d_out.ptr));
  check.array(label, d_out.get(), directional_fd<T>(outputs_at));
}

#endif

int main() {
  Checker check("fwd2_template_lambda");
#if CUAD_OUTPUT == 3
  const int rows = 3, cols = 100;
  Rng rng(117);
  std::vector<float> x = rng.vec<float>(rows * cols), vx = rng.vec<float>(rows * cols);
  auto outputs_at = [&](double t) {
    std::vector<float> xs = along(x, t, vx), y(rows * cols);
    run_norm<float>(rows, cols, xs.data(), y.data());
    return as_doubles(y);
  };
  std::vector<float> y(rows * cols), d_y(rows * cols, 9.f);
  CUAD_GRAD(run_norm_pushforward<float>(rows, cols, x.data(), y.data(), vx.data(), d_y.data()));
  check.array("y", d_y, directional_fd<float>(outputs_at));
#elif CUAD_OUTPUT == 1
  run<float, 4>(check, "out<float,4>");
#else
  run<double, 2>(check, "out<double,2>");
#endif
  return check.finish();
}
