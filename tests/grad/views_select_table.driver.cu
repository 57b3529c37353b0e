#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("views_select_table");
  Rng rng(2403);
  const int n = 37;
  std::vector<float> x = rng.vec<float>(3 * n), y = rng.vec<float>(n);
  auto run = [&](const std::vector<float>& xv) {
    DeviceArray<float> dx(xv), dy(y);
    CUAD_LAUNCH(select_table, 2, 32, dx.ptr, dy.ptr, n);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(x)); };
  DeviceArray<float> dx(x), dy(y), gx(zeros<float>(3 * n)), gy(w);
  CUAD_GRAD(CUAD_LAUNCH(select_table_grad_0_1, 2, 32, dx.ptr, dy.ptr, n, gx.ptr, gy.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), zeros<double>(n));
#else
  const std::vector<float> vx = rng.vec<float>(3 * n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx))); };
  DeviceArray<float> dx(x), dy(y), tx(vx), ty(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(select_table_pushforward, 2, 32, dx.ptr, dy.ptr, n, tx.ptr, ty.ptr));
  check.array("y tangent", as_doubles(ty.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
