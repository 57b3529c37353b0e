#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw4_vec_alias");
  Rng rng(411);
  const int n4 = 64, n = 4 * n4;  // whole blocks: every thread writes its neighbour's input
  std::vector<float> x = rng.vec<float>(n), th = rng.vec<float>(n4, -3.0, 3.0),
                     out = rng.vec<float>(n), w = rng.vec<float>(n);
  const size_t shmem = 32 * sizeof(float);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_x(x), d_t(th);
    CUAD_LAUNCH_SHARED(rotate4, 2, 32, shmem, d_o.ptr, d_x.ptr, d_t.ptr, n4);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_x(x), d_t(th), a_o(w), a_x(zeros<float>(n)), a_t(zeros<float>(n4));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(rotate4_grad_0_1_2, 2, 32, 2 * shmem, d_o.ptr, d_x.ptr, d_t.ptr, n4,
                               a_o.ptr, a_x.ptr, a_t.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("theta", a_t.get(), fd(th, loss));
  return check.finish();
}
