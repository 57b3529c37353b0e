#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("mixed_precision");
  const int rows = 40, m = 5;
  Rng rng(41);
  std::vector<float> in = rng.vec<float>(rows * m);
  std::vector<double> out = rng.vec(rows), w = rng.vec(rows);
  auto loss = [&] {
    DeviceArray<double> d_out(out);
    DeviceArray<float> d_in(in);
    CUAD_LAUNCH(row_norms, 2, 32, d_out.ptr, d_in.ptr, rows, m);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), a_out(w);
  DeviceArray<float> d_in(in), a_in(zeros<float>(rows * m));
  CUAD_GRAD(CUAD_LAUNCH(row_norms_grad_0_1, 2, 32, d_out.ptr, d_in.ptr, rows, m, a_out.ptr,
                        a_in.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  return check.finish();
}
