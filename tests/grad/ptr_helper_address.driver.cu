#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ptr_helper_address");
  const int ncol = 5, m = ncol * NZ, block = 4;
  const int grid = (ncol + block - 1) / block;
  double a = 0.7;
  Rng rng(23);
  std::vector<double> in = rng.vec(m), cf = rng.vec(m), acc = rng.vec(m), o0(m, 0.0);
#if CUAD_OUTPUT == 1
  std::vector<double> w_out = rng.vec(m), w_acc = rng.vec(m);
  auto loss = [&] {
    DeviceArray<double> di(in), dc(cf), dout(o0), dacc(acc);
    CUAD_LAUNCH(k_columns, grid, block, di.ptr, View{dc.ptr, NZ}, dout.ptr, dacc.ptr, a, ncol);
    return dot(w_out, dout.get()) + dot(w_acc, dacc.get());
  };
  DeviceArray<double> di(in), dc(cf), dout(o0), dacc(acc);
  DeviceArray<double> ai(zeros<double>(m)), ac(zeros<double>(m)), ao(w_out), aacc(w_acc);
  // the adjoint of a struct parameter: a device struct whose pointer is the adjoint buffer
  DeviceScalar<View> av(View{ac.ptr, 0});
  DeviceScalar<double> aa(0.0);
  CUAD_GRAD(CUAD_LAUNCH(k_columns_grad_0_1_2_3_4, grid, block, di.ptr, View{dc.ptr, NZ}, dout.ptr, dacc.ptr,
                        a, ncol, ai.ptr, av.ptr, ao.ptr, aacc.ptr, aa.ptr));
  check.array("in", ai.get(), fd(in, loss));
  check.array("coef", ac.get(), fd(cf, loss));
  check.array("acc", aacc.get(), fd(acc, loss));
  check.scalar("a", aa.value(), fd(a, loss));
#else
  std::vector<double> vi = rng.vec(m), vc = rng.vec(m), vacc = rng.vec(m);
  const double va = 0.4;
  auto outputs_at = [&](double s) {
    DeviceArray<double> di(along(in, s, vi)), dc(along(cf, s, vc)), dout(o0),
        dacc(along(acc, s, vacc));
    CUAD_LAUNCH(k_columns, grid, block, di.ptr, View{dc.ptr, NZ}, dout.ptr, dacc.ptr,
                along(a, s, va), ncol);
    std::vector<double> r = dout.get(), r2 = dacc.get();
    r.insert(r.end(), r2.begin(), r2.end());
    return r;
  };
  DeviceArray<double> di(in), dc(cf), dout(o0), dacc(acc);
  DeviceArray<double> ti(vi), tc(vc), tout(o0), tacc(vacc);
  CUAD_GRAD(CUAD_LAUNCH(k_columns_pushforward, grid, block, di.ptr, View{dc.ptr, NZ}, dout.ptr,
                        dacc.ptr, a, ncol, ti.ptr, View{tc.ptr, NZ}, tout.ptr, tacc.ptr, va));
  std::vector<double> t = tout.get(), t2 = tacc.get();
  t.insert(t.end(), t2.begin(), t2.end());
  check.array("out+acc", t, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
