#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw4_grid_stride");
  Rng rng(414);
#if CUAD_OUTPUT == 1
  const size_t n = 230;
  std::vector<double> x = rng.vec(n), y = rng.vec(n), w = rng.vec(n), p = rng.vec(2);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x), d_p(p);
    CUAD_LAUNCH(gs_kernel, 3, 32, d_y.ptr, d_x.ptr, d_p.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_x(x), d_p(p), a_y(w), a_x(zeros<double>(n)), a_p(zeros<double>(2));
  CUAD_GRAD(CUAD_LAUNCH(gs_kernel_grad_0_1_2, 3, 32, d_y.ptr, d_x.ptr, d_p.ptr, n, a_y.ptr,
                        a_x.ptr, a_p.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("p", a_p.get(), fd(p, loss));
#else
  const int w = 37, h = 21;
  std::vector<float> img = rng.vec<float>(w * h), out = rng.vec<float>(w * h),
                     wt = rng.vec<float>(w * h);
  const dim3 grid(2, 2), block(8, 4);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_i(img);
    CUAD_LAUNCH(gs2d_kernel, grid, block, d_o.ptr, d_i.ptr, w, h);
    return dot(wt, d_o.get());
  };
  DeviceArray<float> d_o(out), d_i(img), a_o(wt), a_i(zeros<float>(w * h));
  CUAD_GRAD(CUAD_LAUNCH(gs2d_kernel_grad_0_1, grid, block, d_o.ptr, d_i.ptr, w, h, a_o.ptr, a_i.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("img", a_i.get(), fd(img, loss));
#endif
  return check.finish();
}
