#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_atomic_shared");
  const int n = 40, threads = 16, blocks = 3;
  Rng rng(112);
  std::vector<double> x = rng.vec(n), m = rng.vec(blocks), w = rng.vec(blocks);
  auto loss = [&] {
    DeviceArray<double> d_m(m), d_x(x);
    CUAD_LAUNCH(block_moments, blocks, threads, d_m.ptr, d_x.ptr, n);
    return dot(w, d_m.get());
  };
  DeviceArray<double> d_m(m), d_x(x), a_m(w), a_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(block_moments_grad_0_1, blocks, threads, d_m.ptr, d_x.ptr, n, a_m.ptr, a_x.ptr));
  check.array("m", a_m.get(), fd(m, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
