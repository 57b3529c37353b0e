#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
typedef float T;
#else
typedef double T;
#endif

int main() {
  Checker check("rw_template_sumsq");
  const int n = 500;
  const T delta = T(0.5);
  Rng rng(29);
  std::vector<T> x = rng.vec<T>(n), tg = rng.vec<T>(n);
  for (int i = 0; i < n; ++i)  // away from the |r| = delta seam
    if (std::fabs(std::fabs(double(x[i] - tg[i])) - 0.5) < 0.03) x[i] += T(0.07);
  T t0 = T(0.3);
  DeviceArray<T> d_tg(tg);
  auto loss = [&] {
    DeviceArray<T> d_x(x);
    DeviceScalar<T> d_t(t0);
    CUAD_LAUNCH((sumsq_reduce<T, 64>), 3, 64, d_t.ptr, d_x.ptr, d_tg.ptr, delta, n);
    return 0.5 * d_t.value();
  };
  DeviceArray<T> d_x(x), a_x(zeros<T>(n));
  DeviceScalar<T> d_t(t0), a_t(T(0.5));
  CUAD_GRAD(CUAD_LAUNCH((sumsq_reduce_grad_0_1<T, 64>), 3, 64, d_t.ptr, d_x.ptr, d_tg.ptr, delta, n,
                        a_t.ptr, a_x.ptr));
  check.scalar("total", a_t.value(), fd(t0, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
