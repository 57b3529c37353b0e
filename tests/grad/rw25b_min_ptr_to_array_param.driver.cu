#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_min_ptr_to_array_param");
  Rng rng(25199);
  std::vector<double> m = rng.vec(8), v = rng.vec(4), out0 = rng.vec(2);
  const std::vector<double> w = rng.vec(2);
  auto loss = [&] {
    DeviceArray<double> dm(m), dv(v), dout(out0);
    CUAD_LAUNCH(apply_rows, 1, 32, dm.ptr, dv.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dm(m), dv(v), dout(out0), gm(zeros<double>(8)), gv(zeros<double>(4)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(apply_rows_grad, 1, 32, dm.ptr, dv.ptr, dout.ptr, gm.ptr, gv.ptr, gout.ptr));
  check.array("m", gm.get(), fd(m, loss));
  check.array("v", gv.get(), fd(v, loss));
  check.array("out", gout.get(), fd(out0, loss));
  return check.finish();
}
