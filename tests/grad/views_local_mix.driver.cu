#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("views_local_mix");
  Rng rng(2402);
  const int n = 40;
  std::vector<float> x = rng.vec<float>(4 * n + 4), a = rng.vec<float>(3), y = rng.vec<float>(n);
  auto run = [&](const std::vector<float>& xv, const std::vector<float>& av) {
    DeviceArray<float> dx(xv), da(av), dy(y);
    CUAD_LAUNCH(mix, 2, 32, dx.ptr, da.ptr, dy.ptr, n);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(x, a)); };
  DeviceArray<float> dx(x), da(a), dy(y), gx(zeros<float>(4 * n + 4)), ga(zeros<float>(3)), gy(w);
  CUAD_GRAD(CUAD_LAUNCH(mix_grad_0_1_2, 2, 32, dx.ptr, da.ptr, dy.ptr, n, gx.ptr, ga.ptr, gy.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("a", ga.get(), fd(a, loss));
  check.array("y", gy.get(), zeros<double>(n));
#else
  const std::vector<float> vx = rng.vec<float>(4 * n + 4), va = rng.vec<float>(3);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx), along(a, t, va))); };
  DeviceArray<float> dx(x), da(a), dy(y), tx(vx), ta(va), ty(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(mix_pushforward, 2, 32, dx.ptr, da.ptr, dy.ptr, n, tx.ptr, ta.ptr, ty.ptr));
  check.array("y tangent", as_doubles(ty.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
