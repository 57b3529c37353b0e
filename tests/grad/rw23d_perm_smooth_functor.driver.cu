#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
using namespace cuad_test;

int main() {
  Checker check("rw23d_perm_smooth_functor");
  Rng rng(23008);
  const int n = 45;
  std::vector<int> perm(n);
  for (int i = 0; i < n; ++i) perm[i] = i;
  for (int i = n - 1; i > 0; --i) std::swap(perm[i], perm[(int)rng.uniform(0, i + 1 - 1e-9)]);
  std::vector<float> x = rng.vec<float>(n), coef = rng.vec<float>(3 * n, -1.0, 1.0), y = rng.vec<float>(n);
  const Softplus act{2.0f};
  DeviceArray<int> d_perm(perm);
  auto run = [&](const std::vector<float>& xx, const std::vector<float>& cc, const std::vector<float>& yy) {
    DeviceArray<float> dx(xx), dc(cc), dy(yy);
    CUAD_LAUNCH(permuted_smooth<Softplus>, 2, 32, n, d_perm.ptr, dx.ptr, dc.ptr, act, dy.ptr);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(x, coef, y)); };
  DeviceArray<float> dx(x), dc(coef), dy(y), gx(zeros<float>(n)), gc(zeros<float>(3 * n)), gy(w);
  CUAD_GRAD(CUAD_LAUNCH(permuted_smooth_grad_2_3_5<Softplus>, 2, 32, n, d_perm.ptr, dx.ptr, dc.ptr, act,
                        dy.ptr, gx.ptr, gc.ptr, gy.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("coef", gc.get(), fd(coef, loss));
  check.array("y", gy.get(), fd(y, loss));
#else
  const std::vector<float> tx = rng.vec<float>(n), tc = rng.vec<float>(3 * n), ty = rng.vec<float>(n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, tx), along(coef, t, tc), along(y, t, ty))); };
  DeviceArray<float> dx(x), dc(coef), dy(y), t_x(tx), t_c(tc), t_y(ty);
  CUAD_GRAD(CUAD_LAUNCH(permuted_smooth_pushforward_2_3_5<Softplus>, 2, 32, n, d_perm.ptr, dx.ptr, dc.ptr, act,
                        dy.ptr, t_x.ptr, t_c.ptr, t_y.ptr));
  check.array("y tangent", as_doubles(t_y.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
