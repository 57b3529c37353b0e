#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw4_ptr_walk");
  Rng rng(407);
#if CUAD_OUTPUT == 1
  const int rows = 37, n = 11;
  std::vector<float> A = rng.vec<float>(rows * n), out = rng.vec<float>(rows), w = rng.vec<float>(rows);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_A(A);
    CUAD_LAUNCH(row_norm, 2, 32, d_o.ptr, d_A.ptr, rows, n);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_A(A), a_o(w), a_A(zeros<float>(rows * n));
  CUAD_GRAD(CUAD_LAUNCH(row_norm_grad_0_1, 2, 32, d_o.ptr, d_A.ptr, rows, n, a_o.ptr, a_A.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("A", a_A.get(), fd(A, loss));
#else
  const int n = 7, stride = 40;
  std::vector<double> x = rng.vec(n * stride), out = rng.vec(stride), w = rng.vec(stride);
  auto loss = [&] {
    DeviceArray<double> d_o(out), d_x(x);
    CUAD_LAUNCH(strided_sum, 2, 32, d_o.ptr, d_x.ptr, n, stride);
    return dot(w, d_o.get());
  };
  DeviceArray<double> d_o(out), d_x(x), a_o(w), a_x(zeros<double>(n * stride));
  CUAD_GRAD(CUAD_LAUNCH(strided_sum_grad_0_1, 2, 32, d_o.ptr, d_x.ptr, n, stride, a_o.ptr, a_x.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
#endif
  return check.finish();
}
