#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
#define KER k
#define KER_GRAD k_grad_0_1
#elif CUAD_OUTPUT == 2
#define KER k_arr
#define KER_GRAD k_arr_grad_0_1
#endif

int main() {
  Checker check("loop_brace_init");
  const int n = 8;  // 4 threads, two iterations each
  Rng rng(1);
  std::vector<double> x = rng.vec(n, 0.5, 1.5), w = rng.vec(n);
#if CUAD_OUTPUT == 3
  // forward mode of k: tangents of y along v
  std::vector<double> v = rng.vec(n), y0(n, 0.0), vy(n, 0.0);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, v)), dy(y0);
    CUAD_LAUNCH(k, 1, 4, dx.ptr, dy.ptr, n);
    return as_doubles(dy.get());
  };
  DeviceArray<double> fx(x), fv(v), fy(y0), fvy(vy);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 4, fx.ptr, fy.ptr, n, fv.ptr, fvy.ptr));
  check.array("y", fvy.get(), directional_fd<double>(outputs_at));
#else
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(zeros<double>(n));
    CUAD_LAUNCH(KER, 1, 4, dx.ptr, dy.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(zeros<double>(n)), ax(zeros<double>(n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(KER_GRAD, 1, 4, dx.ptr, dy.ptr, n, ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
#endif
  return check.finish();
}
