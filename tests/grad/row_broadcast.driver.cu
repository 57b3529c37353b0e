#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("row_broadcast");
  for (int width : {5, 64}) {
    const int rows = 6, n = rows * width;
    Rng rng(40 + width);
    std::vector<double> scale = rng.vec(rows, -1, 1), in = rng.vec(n, -1, 1), out = rng.vec(n),
                        w = rng.vec(n);
    const int blocks = (n + 127) / 128;
    auto loss = [&] {
      DeviceArray<double> d_out(out), d_scale(scale), d_in(in);
      CUAD_LAUNCH(rowscale, blocks, 128, d_out.ptr, d_scale.ptr, d_in.ptr, rows, width);
      return dot(w, d_out.get());
    };
    DeviceArray<double> d_out(out), d_scale(scale), d_in(in), a_out(w),
        a_scale(zeros<double>(rows)), a_in(zeros<double>(n));
    CUAD_GRAD(CUAD_LAUNCH(rowscale_grad_0_1_2, blocks, 128, d_out.ptr, d_scale.ptr, d_in.ptr, rows,
                          width, a_out.ptr, a_scale.ptr, a_in.ptr));
    check.array("scale", a_scale.get(), fd(scale, loss));
    check.array("in", a_in.get(), fd(in, loss));
    check.array("out", a_out.get(), fd(out, loss));
  }
  return check.finish();
}
