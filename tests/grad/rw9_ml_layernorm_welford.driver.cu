#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_ml_layernorm_welford");
  const int rows = 5, C = 96, n = rows * C;
  Rng rng(9101);
  std::vector<float> x = rng.vec<float>(n, -2.0, 2.0), gamma = rng.vec<float>(C, 0.5, 1.5),
                     beta = rng.vec<float>(C), out = rng.vec<float>(n), mo = rng.vec<float>(rows),
                     ro = rng.vec<float>(rows);
  const std::vector<float> w = rng.vec<float>(n), wm = rng.vec<float>(rows), wr = rng.vec<float>(rows);
  const float eps = 1e-5f;
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_m(mo), d_r(ro), d_x(x), d_g(gamma), d_b(beta);
    CUAD_LAUNCH(layernorm_welford, 3, 64, d_o.ptr, d_m.ptr, d_r.ptr, d_x.ptr, d_g.ptr, d_b.ptr, rows, C, eps);
    return dot(w, d_o.get()) + dot(wm, d_m.get()) + dot(wr, d_r.get());
  };
  DeviceArray<float> d_o(out), d_m(mo), d_r(ro), d_x(x), d_g(gamma), d_b(beta), a_o(w), a_m(wm), a_r(wr),
      a_x(zeros<float>(n)), a_g(zeros<float>(C)), a_b(zeros<float>(C));
  CUAD_GRAD(CUAD_LAUNCH(layernorm_welford_grad_0_1_2_3_4_5, 3, 64, d_o.ptr, d_m.ptr, d_r.ptr, d_x.ptr,
                        d_g.ptr, d_b.ptr, rows, C, eps, a_o.ptr, a_m.ptr, a_r.ptr, a_x.ptr, a_g.ptr,
                        a_b.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("mean_out", a_m.get(), fd(mo, loss));
  check.array("rstd_out", a_r.get(), fd(ro, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("gamma", a_g.get(), fd(gamma, loss));
  check.array("beta", a_b.get(), fd(beta, loss));
  return check.finish();
}
