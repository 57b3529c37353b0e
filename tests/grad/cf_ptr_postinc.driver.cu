#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_ptr_postinc");
  const int n = 6, m = 5;
  Rng rng(122);
  std::vector<double> x = rng.vec(n * m), y = rng.vec(n * m), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x), d_y(y);
    CUAD_LAUNCH(dot_walk, 1, 8, d_out.ptr, d_x.ptr, d_y.ptr, n, m);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), d_y(y), a_out(w), a_x(zeros<double>(n * m)),
      a_y(zeros<double>(n * m));
  CUAD_GRAD(CUAD_LAUNCH(dot_walk_grad_0_1_2, 1, 8, d_out.ptr, d_x.ptr, d_y.ptr, n, m, a_out.ptr,
                        a_x.ptr, a_y.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  return check.finish();
}
