#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23c_min_struct_ptr_field_race");
  Rng rng(23393);
  const int n = 64;
  std::vector<double> x = rng.vec(n), y = rng.vec(n), w = rng.vec(n), tab = rng.vec(3), sc = {1.3};
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y), dt(tab);
    CUAD_LAUNCH(k, 2, 32, dx.ptr, Table{dt.ptr, sc[0]}, dy.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(y), dt(tab), ax(zeros<double>(n)), ay(w), at(zeros<double>(3));
  DeviceScalar<Table> aT(Table{at.ptr, 0.0});
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1_2, 2, 32, dx.ptr, Table{dt.ptr, sc[0]}, dy.ptr, n, ax.ptr, aT.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("t.vals", at.get(), fd(tab, loss));
  check.scalar("t.scale", aT.value().scale, fd(sc[0], loss));
  check.array("y (only written)", ay.get(), zeros<double>(n));
  return check.finish();
}
