#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("keep_seeds");
#if CUAD_OUTPUT == 1
  const int n = 100;
  Rng rng(3);
  std::vector<float> x = rng.vec<float>(n), w = rng.vec<float>(n);
  float a = 1.5f;
  auto loss = [&] {
    DeviceArray<float> dx(x), dout(zeros<float>(n));
    CUAD_LAUNCH(scale_map, 4, 32, dout.ptr, dx.ptr, a, n);
    return dot(w, dout.get());
  };
  DeviceArray<float> dx(x), dout(zeros<float>(n)), d_x(zeros<float>(n)), d_out(w);
  DeviceScalar<float> d_a;
  CUAD_GRAD(CUAD_LAUNCH(scale_map_grad_0_1_2, 4, 32, dout.ptr, dx.ptr, a, n, d_out.ptr, d_x.ptr,
                        d_a.ptr));
  check.array("x", d_x.get(), fd(x, loss));
  check.scalar("a", d_a.value(), fd(a, loss));
#if !defined(CUAD_SELFTEST)
  check.expect(d_out.get() == w, "the seed of out is left as given");
#endif
#else
  const int rows = 20, cols = 3, n = rows * cols;
  Rng rng(4);
  std::vector<double> x = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(zeros<double>(n));
    CUAD_LAUNCH(square_rows, 1, 32, dout.ptr, dx.ptr, rows, cols);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dout(zeros<double>(n)), d_x(zeros<double>(n)), d_out(w);
  CUAD_GRAD(CUAD_LAUNCH(square_rows_grad_0_1, 1, 32, dout.ptr, dx.ptr, rows, cols, d_out.ptr,
                        d_x.ptr));
  check.array("x", d_x.get(), fd(x, loss));
#if !defined(CUAD_SELFTEST)
  // Written in a loop: the seed is consumed (the adjoint of out's input value is zero).
  check.expect(d_out.get() == zeros<double>(n), "the seed of out is consumed");
#endif
#endif
  return check.finish();
}
