#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("dynamic_shared");
  const int n = 60, threads = 32, blocks = 2;
  const size_t bytes = threads * sizeof(double);
  Rng rng(54);
  std::vector<double> x = rng.vec(n), out = rng.vec(blocks), w = rng.vec(blocks);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x);
    CUAD_LAUNCH_SHARED(block_softsum, blocks, threads, bytes, d_out.ptr, d_x.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), a_out(w), a_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(block_softsum_grad_0_1, blocks, threads, 2 * bytes, d_out.ptr,
                               d_x.ptr, n, a_out.ptr, a_x.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
