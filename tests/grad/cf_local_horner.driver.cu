#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_local_horner");
  const int n = 19;
  Rng rng(114);
  std::vector<double> u = rng.vec(n), c = rng.vec(DEG + 1), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_u(u), d_c(c);
    CUAD_LAUNCH(horner_stencil, 1, 32, d_out.ptr, d_u.ptr, d_c.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_u(u), d_c(c), a_out(w), a_u(zeros<double>(n)),
      a_c(zeros<double>(DEG + 1));
  CUAD_GRAD(CUAD_LAUNCH(horner_stencil_grad_0_1_2, 1, 32, d_out.ptr, d_u.ptr, d_c.ptr, n, a_out.ptr,
                        a_u.ptr, a_c.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("u", a_u.get(), fd(u, loss));
  check.array("c", a_c.get(), fd(c, loss));
  return check.finish();
}
