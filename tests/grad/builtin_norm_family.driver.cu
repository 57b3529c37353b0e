#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

const int n = 37, dim = 4;

template <typename T, typename K>
std::vector<T> run(K kernel, const std::vector<T>& xv) {
  DeviceArray<T> d_x(xv), d_out(zeros<T>(n));
  CUAD_LAUNCH(kernel, 2, 32, d_x.ptr, d_out.ptr, dim, n);
  return d_out.get();
}

template <typename T, typename K, typename G>
void check_grad(Checker& check, K kernel, G grad) {
  Rng rng(2525);
  std::vector<T> x = rng.vec<T>(4 * n, 0.5, 1.5);
  const std::vector<T> w = rng.vec<T>(n);
  auto loss = [&] { return dot(w, run<T>(kernel, x)); };
  DeviceArray<T> d_x(x), d_out(zeros<T>(n)), g_x(zeros<T>(4 * n)), g_out(w);
  CUAD_GRAD(CUAD_LAUNCH(grad, 2, 32, d_x.ptr, d_out.ptr, dim, n, g_x.ptr, g_out.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("out", g_out.get(), zeros<double>(n));
}

template <typename T, typename K, typename F>
void check_fwd(Checker& check, K kernel, F pushforward) {
  Rng rng(2525);
  std::vector<T> x = rng.vec<T>(4 * n, 0.5, 1.5);
  const std::vector<T> vx = rng.vec<T>(4 * n);
  auto outputs_at = [&](double t) { return as_doubles(run<T>(kernel, along(x, t, vx))); };
  DeviceArray<T> d_x(x), d_out(zeros<T>(n)), t_x(vx), t_out(zeros<T>(n));
  CUAD_GRAD(CUAD_LAUNCH(pushforward, 2, 32, d_x.ptr, d_out.ptr, dim, n, t_x.ptr, t_out.ptr));
  check.array("out tangent", as_doubles(t_out.get()), directional_fd<T>(outputs_at),
              default_tol<T>());
  check.array("out", as_doubles(d_out.get()), as_doubles(run<T>(kernel, x)), default_tol<T>());
}

int main() {
  Checker check("builtin_norm_family");
#if CUAD_OUTPUT == 1
  check_grad<float>(check, knf, knf_grad_0_1);
#elif CUAD_OUTPUT == 2
  check_grad<double>(check, knd, knd_grad_0_1);
#elif CUAD_OUTPUT == 3
  check_fwd<float>(check, knf, knf_pushforward);
#else
  check_fwd<double>(check, knd, knd_pushforward);
#endif
  return check.finish();
}
