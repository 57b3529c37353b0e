#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("shared_softmax");
  const int n = 27, threads = 32;
  const size_t bytes = threads * sizeof(float);
  Rng rng(103);
  std::vector<float> y = rng.vec<float>(n), x = rng.vec<float>(n, -2, 2), w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_x(x);
    CUAD_LAUNCH_SHARED(softmax, 1, threads, bytes, d_y.ptr, d_x.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_y(y), d_x(x), a_y(w), a_x(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(softmax_grad_0_1, 1, threads, 2 * bytes, d_y.ptr, d_x.ptr, n, a_y.ptr,
                               a_x.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
