#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("shared_reduce");
  const int n = 100, blocks = 2;
  Rng rng(23);
  std::vector<double> in = rng.vec(n), out = rng.vec(blocks), w = rng.vec(blocks);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(block_sum_sq, blocks, BLOCK, d_out.ptr, d_in.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(block_sum_sq_grad_0_1, blocks, BLOCK, d_out.ptr, d_in.ptr, n, a_out.ptr,
                        a_in.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  return check.finish();
}
