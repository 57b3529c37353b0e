#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ptr_out_param");
  const int rows = 40, m = 5;
  Rng rng(10);
  std::vector<double> in = rng.vec(rows * m), out = rng.vec(rows), w = rng.vec(rows);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(stats, 2, 32, d_out.ptr, d_in.ptr, rows, m);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(zeros<double>(rows * m));
  CUAD_GRAD(CUAD_LAUNCH(stats_grad_0_1, 2, 32, d_out.ptr, d_in.ptr, rows, m, a_out.ptr, a_in.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  return check.finish();
}
