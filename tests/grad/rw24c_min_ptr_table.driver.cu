#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_min_ptr_table");
  Rng rng(24325);
  const int n = 6;
  std::vector<float> x = rng.vec<float>(n);
#if CUAD_OUTPUT == 1
  std::vector<float> a = rng.vec<float>(n / 2), b = rng.vec<float>(n / 2);
  const std::vector<float> wa = rng.vec<float>(n / 2), wb = rng.vec<float>(n / 2);
  auto loss = [&] {
    DeviceArray<float> dx(x), da(a), db(b);
    CUAD_LAUNCH(write_table, 1, 32, dx.ptr, da.ptr, db.ptr, n);
    return dot(wa, da.get()) + dot(wb, db.get());
  };
  DeviceArray<float> dx(x), da(a), db(b), gx(zeros<float>(n)), ga(wa), gb(wb);
  CUAD_GRAD(CUAD_LAUNCH(write_table_grad_0_1_2, 1, 32, dx.ptr, da.ptr, db.ptr, n, gx.ptr, ga.ptr, gb.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("a", ga.get(), zeros<double>(n / 2));
  check.array("b", gb.get(), zeros<double>(n / 2));
#else
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> dx(x);
    CUAD_LAUNCH(local_table, 1, 32, dx.ptr, n);
    return dot(w, dx.get());
  };
  DeviceArray<float> dx(x), gx(w);
  CUAD_GRAD(CUAD_LAUNCH(local_table_grad_0, 1, 32, dx.ptr, n, gx.ptr));
  check.array("x", gx.get(), fd(x, loss));
#endif
  return check.finish();
}
