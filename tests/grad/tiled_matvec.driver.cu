#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("tiled_matvec");
  const int n = 45, threads = 32, blocks = (n + threads - 1) / threads;
  Rng rng(151);
  std::vector<float> A = rng.vec<float>(n * n, -0.2, 0.2), x = rng.vec<float>(n), y = rng.vec<float>(n),
                     w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_A(A), d_x(x), d_y(y);
    CUAD_LAUNCH(matvec_tiled, blocks, threads, d_A.ptr, d_x.ptr, d_y.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_A(A), d_x(x), d_y(y), a_A(zeros<float>(n * n)), a_x(zeros<float>(n)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(matvec_tiled_grad_0_1_2, blocks, threads, d_A.ptr, d_x.ptr, d_y.ptr, n, a_A.ptr,
                        a_x.ptr, a_y.ptr));
  check.array("A", a_A.get(), fd(A, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  return check.finish();
}
