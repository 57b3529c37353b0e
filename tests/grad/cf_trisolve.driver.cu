#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_trisolve");
  const int nsys = 6;
  Rng rng(104);
  std::vector<double> L = rng.vec(nsys * NN * NN, -0.5, 0.5), b = rng.vec(nsys * NN),
                      x = rng.vec(nsys * NN), w = rng.vec(nsys * NN);
  for (int s = 0; s < nsys; ++s)
    for (int r = 0; r < NN; ++r) L[s * NN * NN + r * NN + r] = 1.5 + 0.1 * r;
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_L(L), d_b(b);
    CUAD_LAUNCH(trisolve, 2, 4, d_x.ptr, d_L.ptr, d_b.ptr, nsys);
    return dot(w, d_x.get());
  };
  DeviceArray<double> d_x(x), d_L(L), d_b(b), a_x(w), a_L(zeros<double>(nsys * NN * NN)),
      a_b(zeros<double>(nsys * NN));
  CUAD_GRAD(CUAD_LAUNCH(trisolve_grad_0_1_2, 2, 4, d_x.ptr, d_L.ptr, d_b.ptr, nsys, a_x.ptr, a_L.ptr,
                        a_b.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("L", a_L.get(), fd(L, loss));
  check.array("b", a_b.get(), fd(b, loss));
  return check.finish();
}
