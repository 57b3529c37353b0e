#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_shared_reduce");
  const int n = 150, blocks = 3;
  Rng rng(13);
  std::vector<float> x = rng.vec<float>(n), vx = rng.vec<float>(n), out0 = zeros<float>(blocks);
  auto outputs_at = [&](double t) {
    DeviceArray<float> dx(along(x, t, vx)), dout(out0);
    CUAD_LAUNCH(block_sum_sq, blocks, 64, n, dx.ptr, dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<float> dx(x), d_x(vx), dout(out0), d_out(zeros<float>(blocks));
  CUAD_GRAD(CUAD_LAUNCH(block_sum_sq_pushforward, blocks, 64, n, dx.ptr, dout.ptr, d_x.ptr,
                        d_out.ptr));
  check.array("out", d_out.get(), directional_fd<float>(outputs_at));
  return check.finish();
}
