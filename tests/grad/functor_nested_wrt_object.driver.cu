#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
int main() {
  Checker check("functor_nested_wrt_object");
  const int n = 16;
  Rng rng(3);
  std::vector<double> x = rng.vec(n), y0 = zeros<double>(n), w = rng.vec(n);
  Wrap op{Scale{1.3}};
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y0);
    CUAD_LAUNCH(k, 1, n, dx.ptr, dy.ptr, op);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(y0), ay(w);
  DeviceScalar<Wrap> aop(Wrap{Scale{0.0}});
  CUAD_GRAD(CUAD_LAUNCH(k_grad_1_2, 1, n, dx.ptr, dy.ptr, op, ay.ptr, aop.ptr));
  check.scalar("op.inner.s", aop.value().inner.s, fd(op.inner.s, loss));
  check.array("out", ay.get(), fd(y0, loss));
  return check.finish();
}
