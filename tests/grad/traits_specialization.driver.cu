#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 2
typedef double T;
#define GRAD rms_grad_0_1<double>
#else
typedef float T;
#define GRAD rms_grad_0_1<float>
#endif

int main() {
  Checker check("traits_specialization");
  Rng rng(1733);
  const int n = 45, block = 32, grid = (n + block - 1) / block;
  std::vector<T> x = rng.vec<T>(n, -1.5, 1.5), out = rng.vec<T>(n), w = rng.vec<T>(n);
  auto loss = [&] {
    DeviceArray<T> d_x(x), d_o(out);
    CUAD_LAUNCH(rms<T>, grid, block, d_x.ptr, d_o.ptr, n);
    return dot(w, d_o.get());
  };
#if CUAD_OUTPUT != 3
  DeviceArray<T> d_x(x), d_o(out), a_x(zeros<T>(n)), a_o(w);
  CUAD_GRAD(CUAD_LAUNCH(GRAD, grid, block, d_x.ptr, d_o.ptr, n, a_x.ptr, a_o.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("out", a_o.get(), fd(out, loss));
#else
  std::vector<T> v = rng.vec<T>(n, -1.0, 1.0);
  auto outputs_at = [&](double t) {
    DeviceArray<T> d_x(along(x, t, v)), d_o(out);
    CUAD_LAUNCH(rms<T>, grid, block, d_x.ptr, d_o.ptr, n);
    return as_doubles(d_o.get());
  };
  DeviceArray<T> d_x(x), d_o(out), t_x(v), t_o(zeros<T>(n));
  CUAD_GRAD(CUAD_LAUNCH(rms_pushforward<float>, grid, block, d_x.ptr, d_o.ptr, n, t_x.ptr,
                        t_o.ptr));
  check.array("tangent out", t_o.get(), directional_fd<T>(outputs_at));
  (void)loss;
#endif
  return check.finish();
}
