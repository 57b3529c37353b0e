#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25c_min_tmpl_operator_overload");
  Rng rng(25390);
  std::vector<double> F = rng.vec(8), out = rng.vec(4);
  const std::vector<double> w = rng.vec(4);
  auto loss = [&] {
    DeviceArray<double> dF(F), dout(out);
    CUAD_LAUNCH(k<2>, 1, 1, dF.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dF(F), dout(out), aF(zeros<double>(8)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad<2>, 1, 1, dF.ptr, dout.ptr, aF.ptr, aout.ptr));
  check.array("F", aF.get(), fd(F, loss));
  check.array("out", aout.get(), zeros<double>(4));
  return check.finish();
}
