#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw4_methods_state");
  Rng rng(413);
  const int n = 40, m = 5;
  std::vector<float> x = rng.vec<float>(n * m * 3), out = rng.vec<float>(n), w = rng.vec<float>(n),
                     fw = rng.vec<float>(4, 0.3, 1.2);
  auto make = [&] {
    Filter f;
    for (int k = 0; k < 3; ++k) f.w[k] = fw[k];
    f.bias = fw[3];
    return f;
  };
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_x(x);
    CUAD_LAUNCH(accum_kernel, 2, 32, d_o.ptr, d_x.ptr, make(), n, m);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_x(x), a_o(w), a_x(zeros<float>(n * m * 3));
  DeviceScalar<Filter> a_f(Filter{});
  CUAD_GRAD(CUAD_LAUNCH(accum_kernel_grad_0_1_2, 2, 32, d_o.ptr, d_x.ptr, make(), n, m, a_o.ptr,
                        a_x.ptr, a_f.ptr));
  Filter af = a_f.value();
  std::vector<float> a_fw = {af.w[0], af.w[1], af.w[2], af.bias};
  check.array("out", a_o.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("f", a_fw, fd(fw, loss));
  return check.finish();
}
