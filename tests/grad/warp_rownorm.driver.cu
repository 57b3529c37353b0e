#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("warp_rownorm");
  const int n = 3, m = 70;
  Rng rng(102);
  std::vector<float> out = rng.vec<float>(n), in = rng.vec<float>(n * m, 0.2, 1.0), w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_in(in);
    CUAD_LAUNCH(rowsum, n, 32, d_out.ptr, d_in.ptr, n, m);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_in(in), a_out(w), a_in(zeros<float>(n * m));
  CUAD_GRAD(CUAD_LAUNCH(rowsum_grad_0_1, n, 32, d_out.ptr, d_in.ptr, n, m, a_out.ptr, a_in.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  return check.finish();
}
