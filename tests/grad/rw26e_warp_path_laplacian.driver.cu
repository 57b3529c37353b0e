#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 7 paths of 16 nodes (112 values): 2 blocks of 64 threads, the last path of the last block
// idle.
int main() {
  Checker check("rw26e_warp_path_laplacian");
  Rng rng(26528);
  const int np = 7, n = np * 16;
  std::vector<double> x = rng.vec(n, -1.0, 1.0), alpha = rng.vec(np, 0.05, 0.3);
  auto run = [&](const std::vector<double>& xx, const std::vector<double>& aa) {
    DeviceArray<double> dx(xx), da(aa), dy(zeros<double>(n));
    CUAD_LAUNCH(path_laplacian_smooth<16>, 2, 64, n, dx.ptr, da.ptr, dy.ptr);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(x, alpha)); };
  DeviceArray<double> dx(x), da(alpha), dy(zeros<double>(n)), gx(zeros<double>(n)), ga(zeros<double>(np)), gy(w);
  CUAD_GRAD(CUAD_LAUNCH(path_laplacian_smooth_grad_1_2_3<16>, 2, 64, n, dx.ptr, da.ptr, dy.ptr, gx.ptr, ga.ptr, gy.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("alpha", ga.get(), fd(alpha, loss));
  check.array("y", gy.get(), zeros<double>(n));
#else
  const std::vector<double> vx = rng.vec(n), va = rng.vec(np);
  auto outputs_at = [&](double t) { return run(along(x, t, vx), along(alpha, t, va)); };
  DeviceArray<double> dx(x), da(alpha), dy(zeros<double>(n)), tx(vx), ta(va), ty(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(path_laplacian_smooth_pushforward<16>, 2, 64, n, dx.ptr, da.ptr, dy.ptr, tx.ptr, ta.ptr, ty.ptr));
  check.array("y tangent", ty.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("y value", dy.get(), run(x, alpha));
#endif
#endif
  return check.finish();
}
