#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

template <typename T>
int run(const char* name, int64_t HxW) {
  Checker check(name);
  const int64_t N = 2, C = 6, G = 3, numel = N * C * HxW;
  Rng rng(14006);
  std::vector<T> X = rng.vec<T>(numel, -2.0, 2.0), gamma = rng.vec<T>(C, 0.5, 1.5),
                 beta = rng.vec<T>(C, -0.5, 0.5), Y = zeros<T>(numel), mean = zeros<T>(N * G),
                 rstd = zeros<T>(N * G);
  const std::vector<T> w_y = rng.vec<T>(numel), w_m = rng.vec<T>(N * G),
                       w_r = rng.vec<T>(N * G, -0.2, 0.2);
  auto loss = [&] {
    DeviceArray<T> x(X), g(gamma), b(beta), y(Y), m(mean), r(rstd);
    CUAD_LAUNCH((group_norm_fwd_kernel<T, double, 64>), N * G, 64, x.ptr, g.ptr, b.ptr, y.ptr,
                m.ptr, r.ptr, C, HxW, G, 1e-5);
    return dot(w_y, y.get()) + dot(w_m, m.get()) + dot(w_r, r.get());
  };
  DeviceArray<T> x(X), g(gamma), b(beta), y(Y), m(mean), r(rstd), a_x(zeros<T>(numel)),
      a_g(zeros<T>(C)), a_b(zeros<T>(C)), a_y(w_y), a_m(w_m), a_r(w_r);
  CUAD_GRAD(CUAD_LAUNCH((group_norm_fwd_kernel_grad_0_1_2_3_4_5<T, double, 64>), N * G, 64,
                        x.ptr, g.ptr, b.ptr, y.ptr, m.ptr, r.ptr, C, HxW, G, 1e-5, a_x.ptr,
                        a_g.ptr, a_b.ptr, a_y.ptr, a_m.ptr, a_r.ptr));
  check.array("X", a_x.get(), fd(X, loss));
  check.array("gamma", a_g.get(), fd(gamma, loss));
  check.array("beta", a_b.get(), fd(beta, loss));
  check.array("Y", a_y.get(), fd(Y, loss));
  check.array("mean", a_m.get(), fd(mean, loss));
  check.array("rstd", a_r.get(), fd(rstd, loss));
  return check.finish();
}

int main() {
#if CUAD_OUTPUT == 1
  return run<double>("rw14_ext_groupnorm_welford", 25);  // 50 elements per group: some idle
#else
  return run<float>("rw14_ext_groupnorm_welford", 40);
#endif
}
