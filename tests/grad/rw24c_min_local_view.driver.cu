#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_min_local_view");
  Rng rng(24329);
  const int n = 5;
  std::vector<float> x = rng.vec<float>(2 * n), y = rng.vec<float>(n);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  auto run = [&](const std::vector<float>& xv) {
    DeviceArray<float> dx(xv), dy(y);
    CUAD_LAUNCH(view_local, 1, 32, dx.ptr, dy.ptr, n);
    return dy.get();
  };
#else
  auto run = [&](const std::vector<float>& xv) {
    DeviceArray<float> dx(xv), dy(y);
    CUAD_LAUNCH(view_copy, 1, 32, View{dx.ptr, n}, dy.ptr, n);
    return dy.get();
  };
#endif
#if CUAD_OUTPUT == 3
  const std::vector<float> vx = rng.vec<float>(2 * n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx))); };
  DeviceArray<float> dx(x), dy(y), tx(vx), ty(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(view_local_pushforward, 1, 32, dx.ptr, dy.ptr, n, tx.ptr, ty.ptr));
  check.array("y tangent", as_doubles(ty.get()), directional_fd<float>(outputs_at), default_tol<float>());
#else
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(x)); };
  DeviceArray<float> dx(x), dy(y), gx(zeros<float>(2 * n)), gy(w);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(view_local_grad_0_1, 1, 32, dx.ptr, dy.ptr, n, gx.ptr, gy.ptr));
#else
  DeviceArray<View> gin(std::vector<View>{View{gx.ptr, n}});
  CUAD_GRAD(CUAD_LAUNCH(view_copy_grad_0_1, 1, 32, View{dx.ptr, n}, dy.ptr, n, gin.ptr, gy.ptr));
#endif
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), zeros<double>(n));
#endif
  return check.finish();
}
