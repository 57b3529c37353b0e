#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("views_pointer_via_struct");
  Rng rng(2404);
  const int n = 20;
  std::vector<float> x = rng.vec<float>(n), y = rng.vec<float>(n);
  auto run = [&](const std::vector<float>& xv) {
    DeviceArray<float> dx(xv), dy(y);
    CUAD_LAUNCH(via_struct, 1, 32, dx.ptr, dy.ptr, n);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(x)); };
  DeviceArray<float> dx(x), dy(y), gx(zeros<float>(n)), gy(w);
  CUAD_GRAD(CUAD_LAUNCH(via_struct_grad_0_1, 1, 32, dx.ptr, dy.ptr, n, gx.ptr, gy.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), zeros<double>(n));
#else
  const std::vector<float> vx = rng.vec<float>(n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx))); };
  DeviceArray<float> dx(x), dy(y), tx(vx), ty(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(via_struct_pushforward, 1, 32, dx.ptr, dy.ptr, n, tx.ptr, ty.ptr));
  check.array("y tangent", as_doubles(ty.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
