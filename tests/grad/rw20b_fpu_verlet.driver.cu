#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20b_fpu_verlet");
  Rng rng(200203);
  const int n = 100, steps = 5;
  std::vector<double> q = rng.vec(n, -0.3, 0.3), v = rng.vec(n, -0.5, 0.5);
  std::vector<double> mass = rng.vec(n, 0.8, 1.4);
  double alpha = 0.25, dt = 0.05;
  const std::vector<double> wq = rng.vec(n), wv = rng.vec(n), wt = rng.vec(n + 1);
  auto loss = [&] {
    DeviceArray<double> dq(q), dv(v), dacc(n, 0.0), dtens(n + 1, 0.0), dm(mass);
    fpu_verlet(dq.ptr, dv.ptr, dacc.ptr, dtens.ptr, dm.ptr, alpha, dt, n, steps);
    return dot(wq, dq.get()) + dot(wv, dv.get()) + dot(wt, dtens.get());
  };
  DeviceArray<double> dq(q), dv(v), dacc(n, 0.0), dtens(n + 1, 0.0), dm(mass);
  DeviceArray<double> aq(wq), av(wv), aacc(zeros<double>(n)), atens(wt), am(zeros<double>(n));
  double aalpha = 0.0, adt = 0.0;
  CUAD_GRAD(fpu_verlet_grad_0_1_2_3_4_5_6(dq.ptr, dv.ptr, dacc.ptr, dtens.ptr, dm.ptr, alpha,
                                          dt, n, steps, aq.ptr, av.ptr, aacc.ptr, atens.ptr,
                                          am.ptr, &aalpha, &adt));
  check.array("q", aq.get(), fd(q, loss));
  check.array("v", av.get(), fd(v, loss));
  // acc and tens are overwritten before they are read: no derivative reaches their inputs.
  check.array("acc", aacc.get(), std::vector<double>(n, 0.0));
  check.array("tens", atens.get(), std::vector<double>(n + 1, 0.0));
  check.array("mass", am.get(), fd(mass, loss));
  check.scalar("alpha", aalpha, fd(alpha, loss));
  check.scalar("dt", adt, fd(dt, loss));
  return check.finish();
}
