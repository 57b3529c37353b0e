#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

template <typename T, int BLOCK>
int run(const char* name, int64_t L) {
  Checker check(name);
  const int64_t B = 2, R = 5;
  const dim3 grid(2, 3, B);  // 6 row slots per batch entry, 5 used
  Rng rng(14002);
  std::vector<T> logits = rng.vec<T>(B * R * L, -3.0, 3.0), out = zeros<T>(B * R * L),
                 lse = zeros<T>(B * R);
  T inv_temp = T(0.8);
  const std::vector<T> w_o = rng.vec<T>(B * R * L), w_l = rng.vec<T>(B * R);
  auto loss = [&] {
    DeviceArray<T> o(out), l(lse), x(logits);
    CUAD_LAUNCH((softmax_lse_kernel<T, double, BLOCK>), grid, BLOCK, o.ptr, l.ptr, x.ptr, R, L, inv_temp);
    return dot(w_o, o.get()) + dot(w_l, l.get());
  };
  DeviceArray<T> o(out), l(lse), x(logits), a_o(w_o), a_l(w_l), a_x(zeros<T>(B * R * L));
  CUAD_GRAD(CUAD_LAUNCH((softmax_lse_kernel_grad_0_1_2<T, double, BLOCK>), grid, BLOCK, o.ptr, l.ptr,
                        x.ptr, R, L, inv_temp, a_o.ptr, a_l.ptr, a_x.ptr));
  check.array("logits", a_x.get(), fd(logits, loss));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("lse", a_l.get(), fd(lse, loss));
  return check.finish();
}

int main() {
#if CUAD_OUTPUT == 1
  return run<double, 64>("rw14_ext_softmax_lse", 150);
#else
  return run<float, 32>("rw14_ext_softmax_lse", 45);
#endif
}
