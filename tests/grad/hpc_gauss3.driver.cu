#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_gauss3");
  const int nsys = 20;
  Rng rng(518);
  std::vector<double> A = rng.vec(9 * nsys, -0.5, 0.5), b = rng.vec(3 * nsys), x = rng.vec(3 * nsys),
                      w = rng.vec(3 * nsys);
  for (int s = 0; s < nsys; ++s)
    for (int i = 0; i < 3; ++i) A[9 * s + 4 * i] += 3.0;  // diagonally dominant
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_A(A), d_b(b);
    CUAD_LAUNCH(solve3, 1, 32, d_x.ptr, d_A.ptr, d_b.ptr, nsys);
    return dot(w, d_x.get());
  };
  DeviceArray<double> d_x(x), d_A(A), d_b(b), a_x(w), a_A(zeros<double>(9 * nsys)),
      a_b(zeros<double>(3 * nsys));
  CUAD_GRAD(CUAD_LAUNCH(solve3_grad_0_1_2, 1, 32, d_x.ptr, d_A.ptr, d_b.ptr, nsys, a_x.ptr, a_A.ptr, a_b.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("A", a_A.get(), fd(A, loss));
  check.array("b", a_b.get(), fd(b, loss));
  return check.finish();
}
