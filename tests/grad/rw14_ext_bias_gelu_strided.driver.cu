#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

template <typename T>
int run(const char* name) {
  Checker check(name);
  // Logical shape (N, C, inner) = (3, 5, 7); the input is stored as (N, inner, C) contiguous.
  const int64_t N = 3, C = 5, inner = 7, numel = N * C * inner;
  const int64_t stride0 = C * inner, stride1 = 1, stride2 = C;
  Rng rng(14001);
  std::vector<T> in = rng.vec<T>(numel, -2.0, 2.0), bias = rng.vec<T>(C, -0.5, 0.5),
                 out = zeros<T>(numel);
  const std::vector<T> w = rng.vec<T>(numel);
  const int grid = 2, block = 32;  // fewer threads than elements: the loop strides
  auto loss = [&] {
    DeviceArray<T> o(out), x(in), b(bias);
    CUAD_LAUNCH((bias_gelu_strided_kernel<T, double>), grid, block, o.ptr, x.ptr, b.ptr, N, C, inner,
                stride0, stride1, stride2);
    return dot(w, o.get());
  };
  DeviceArray<T> o(out), x(in), b(bias), a_o(w), a_x(zeros<T>(numel)), a_b(zeros<T>(C));
  CUAD_GRAD(CUAD_LAUNCH((bias_gelu_strided_kernel_grad_0_1_2<T, double>), grid, block, o.ptr, x.ptr, b.ptr,
                        N, C, inner, stride0, stride1, stride2, a_o.ptr, a_x.ptr, a_b.ptr));
  check.array("in", a_x.get(), fd(in, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
  check.array("out", a_o.get(), fd(out, loss));
  return check.finish();
}

int main() {
#if CUAD_OUTPUT == 1
  return run<double>("rw14_ext_bias_gelu_strided");
#else
  return run<float>("rw14_ext_bias_gelu_strided");
#endif
}
