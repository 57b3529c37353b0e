#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("image_2d");
  const int width = 13, height = 10, n = width * height;
  const dim3 grid(2, 3), block(8, 4);
  Rng rng(16);
  std::vector<double> src = rng.vec(n), dst = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_dst(dst), d_src(src);
    CUAD_LAUNCH(blur_x, grid, block, d_dst.ptr, d_src.ptr, width, height);
    return dot(w, d_dst.get());
  };
  DeviceArray<double> d_dst(dst), d_src(src), a_dst(w), a_src(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(blur_x_grad_0_1, grid, block, d_dst.ptr, d_src.ptr, width, height,
                        a_dst.ptr, a_src.ptr));
  check.array("dst", a_dst.get(), fd(dst, loss));
  check.array("src", a_src.get(), fd(src, loss));
  return check.finish();
}
