#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_cpp_functor_reduce");
  const int n = 300, grid = 3;
  Rng rng(1202);
  std::vector<double> x = rng.vec(n), y = rng.vec(n), part0 = rng.vec(grid), w = rng.vec(grid);
  Loss op{SoftPlus{2.0}, ScaledDiff{1.5}};
#if CUAD_OUTPUT == 3
  std::vector<double> vx = rng.vec(n), vy = rng.vec(n);
  Loss vop{SoftPlus{-0.7}, ScaledDiff{0.4}};
  auto outputs_at = [&](double t) {
    Loss o{SoftPlus{along(op.outer.beta, t, vop.outer.beta)},
           ScaledDiff{along(op.inner.scale, t, vop.inner.scale)}};
    DeviceArray<double> dx(along(x, t, vx)), dy(along(y, t, vy)), dp(part0);
    CUAD_LAUNCH((transform_reduce<Loss, 64>), grid, 64, dx.ptr, dy.ptr, dp.ptr, n, o);
    return dp.get();
  };
  DeviceArray<double> dx(x), dy(y), dp(part0), tx(vx), ty(vy), tp(zeros<double>(grid));
  CUAD_GRAD(CUAD_LAUNCH((transform_reduce_pushforward<Loss, 64>), grid, 64, dx.ptr, dy.ptr, dp.ptr,
                        n, op, tx.ptr, ty.ptr, tp.ptr, vop));
  check.array("partial", tp.get(), directional_fd<double>(outputs_at));
#else
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y), dp(part0);
    CUAD_LAUNCH((transform_reduce<Loss, 64>), grid, 64, dx.ptr, dy.ptr, dp.ptr, n, op);
    return dot(w, dp.get());
  };
  DeviceArray<double> dx(x), dy(y), dp(part0), ax(zeros<double>(n)), ay(zeros<double>(n)), ap(w);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH((transform_reduce_grad_0_1_2<Loss, 64>), grid, 64, dx.ptr, dy.ptr, dp.ptr,
                        n, op, ax.ptr, ay.ptr, ap.ptr));
#else
  DeviceArray<Loss> aop(std::vector<Loss>{Loss{SoftPlus{0.0}, ScaledDiff{0.0}}});
  CUAD_GRAD(CUAD_LAUNCH((transform_reduce_grad_0_1_2_4<Loss, 64>), grid, 64, dx.ptr, dy.ptr,
                        dp.ptr, n, op, ax.ptr, ay.ptr, ap.ptr, aop.ptr));
  Loss g = aop.get()[0];
  check.scalar("op.outer.beta", g.outer.beta, fd(op.outer.beta, loss));
  check.scalar("op.inner.scale", g.inner.scale, fd(op.inner.scale, loss));
#endif
  check.array("x", ax.get(), fd(x, loss));
  check.array("y", ay.get(), fd(y, loss));
  check.array("partial", ap.get(), fd(part0, loss));
#endif
  return check.finish();
}
