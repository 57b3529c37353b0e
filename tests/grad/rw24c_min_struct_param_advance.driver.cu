#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_min_struct_param_advance");
  Rng rng(24332);
  const int n = 5;
  std::vector<float> x = rng.vec<float>(2 * n), y = rng.vec<float>(n);
  auto run = [&](const std::vector<float>& xv) {
    DeviceArray<float> dx(xv), dy(y);
    CUAD_LAUNCH(advance_param, 1, 32, View{dx.ptr, n}, dy.ptr, n);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(x)); };
  DeviceArray<float> dx(x), dy(y), gx(zeros<float>(2 * n)), gy(w);
  DeviceArray<View> gin(std::vector<View>{View{gx.ptr, n}});
  CUAD_GRAD(CUAD_LAUNCH(advance_param_grad_0_1, 1, 32, View{dx.ptr, n}, dy.ptr, n, gin.ptr, gy.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), zeros<double>(n));
#else
  const std::vector<float> vx = rng.vec<float>(2 * n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx))); };
  DeviceArray<float> dx(x), dy(y), tx(vx), ty(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(advance_param_pushforward, 1, 32, View{dx.ptr, n}, dy.ptr, n, View{tx.ptr, n}, ty.ptr));
  check.array("y tangent", as_doubles(ty.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
