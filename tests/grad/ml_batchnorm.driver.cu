#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_batchnorm");
  const int N = 3, C = 2, HW = 10, n = N * C * HW;
  Rng rng(211);
  std::vector<float> x = rng.vec<float>(n, -2, 2), gamma = rng.vec<float>(C), beta = rng.vec<float>(C),
                     rm = rng.vec<float>(C), rv = rng.vec<float>(C, 0.5, 1.5), y = rng.vec<float>(n),
                     wy = rng.vec<float>(n), wm = rng.vec<float>(C), wv = rng.vec<float>(C);
  float momentum = 0.1f, eps = 1e-5f;
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_rm(rm), d_rv(rv), d_x(x), d_g(gamma), d_b(beta);
    CUAD_LAUNCH(batchnorm_train_fwd, C, 32, d_y.ptr, d_rm.ptr, d_rv.ptr, d_x.ptr, d_g.ptr, d_b.ptr, N, C, HW,
                momentum, eps);
    return dot(wy, d_y.get()) + dot(wm, d_rm.get()) + dot(wv, d_rv.get());
  };
  DeviceArray<float> d_y(y), d_rm(rm), d_rv(rv), d_x(x), d_g(gamma), d_b(beta), a_y(wy), a_rm(wm), a_rv(wv),
      a_x(zeros<float>(n)), a_g(zeros<float>(C)), a_b(zeros<float>(C));
  CUAD_GRAD(CUAD_LAUNCH(batchnorm_train_fwd_grad_0_1_2_3_4_5, C, 32, d_y.ptr, d_rm.ptr, d_rv.ptr, d_x.ptr, d_g.ptr,
                        d_b.ptr, N, C, HW, momentum, eps, a_y.ptr, a_rm.ptr, a_rv.ptr, a_x.ptr, a_g.ptr, a_b.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("running_mean", a_rm.get(), fd(rm, loss));
  check.array("running_var", a_rv.get(), fd(rv, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("gamma", a_g.get(), fd(gamma, loss));
  check.array("beta", a_b.get(), fd(beta, loss));
  return check.finish();
}
