#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rd_gaussian");
  const int n = 14;  // partial blocks in both launches
  Rng rng(8080);
  std::vector<float> a = rng.vec<float>(n * n, -0.5, 0.5), b = rng.vec<float>(n),
                     x0 = rng.vec<float>(n);
  for (int i = 0; i < n; ++i) a[i * n + i] += 3.0f;  // no pivoting needed
  const std::vector<float> w = rng.vec<float>(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<float> x = x0;
    gaussian_solve(a.data(), b.data(), x.data(), n);
    return dot(w, x);
  };
  std::vector<float> x = x0, a_a(n * n, 0.0f), a_b(n, 0.0f), a_x = w;
  CUAD_GRAD(gaussian_solve_grad_0_1_2(a.data(), b.data(), x.data(), n, a_a.data(), a_b.data(),
                                      a_x.data()));
  check.array("a", a_a, fd(a, loss));
  check.array("b", a_b, fd(b, loss));
  check.array("x", a_x, std::vector<double>(n, 0.0));
#else
  const int t = 3;
  std::vector<float> m = rng.vec<float>(n * n);
  const std::vector<float> wa = rng.vec<float>(n * n), wb = rng.vec<float>(n);
  const dim3 grid((n + 3) / 4, (n + 3) / 4), block(4, 4);
  auto loss = [&] {
    DeviceArray<float> dm(m), da(a), db(b);
    CUAD_LAUNCH(Fan2, grid, block, dm.ptr, da.ptr, db.ptr, n, n - t, t);
    return dot(wa, da.get()) + dot(wb, db.get());
  };
  DeviceArray<float> dm(m), da(a), db(b), am(zeros<float>(n * n)), aa(wa), ab(wb);
  CUAD_GRAD(CUAD_LAUNCH(Fan2_grad_0_1_2, grid, block, dm.ptr, da.ptr, db.ptr, n, n - t, t, am.ptr,
                        aa.ptr, ab.ptr));
  check.array("m", am.get(), fd(m, loss));
  check.array("a", aa.get(), fd(a, loss));
  check.array("b", ab.get(), fd(b, loss));
#endif
  return check.finish();
}
