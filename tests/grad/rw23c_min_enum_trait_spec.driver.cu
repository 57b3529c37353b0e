#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23c_min_enum_trait_spec");
  Rng rng(23392);
  const int n = 20;
  std::vector<double> a = rng.vec(n), y = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> da(a), dy(y);
    CUAD_LAUNCH(k, 1, 32, da.ptr, dy.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> da(a), dy(y), aa(zeros<double>(n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 1, 32, da.ptr, dy.ptr, n, aa.ptr, ay.ptr));
  check.array("a", aa.get(), fd(a, loss));
  check.array("y (only written)", ay.get(), zeros<double>(n));
  return check.finish();
}
