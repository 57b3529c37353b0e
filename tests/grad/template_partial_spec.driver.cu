#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("template_partial_spec");
  Rng rng(220301);
  const int n = 40, N = 3;
  std::vector<double> a = rng.vec(n * N, -1.0, 1.0), b = rng.vec(n * N, -1.0, 1.0),
                      out = rng.vec(n, -0.5, 0.5);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> da(a), db(b), dout(out);
    CUAD_LAUNCH((blend<double, 3>), 2, 32, da.ptr, db.ptr, dout.ptr, n);
    return dot(w, dout.get());
  };
  DeviceArray<double> da(a), db(b), dout(out), aa(zeros<double>(n * N)), ab(zeros<double>(n * N)),
      aout(w);
  CUAD_GRAD(CUAD_LAUNCH((blend_grad_0_1_2<double, 3>), 2, 32, da.ptr, db.ptr, dout.ptr, n, aa.ptr,
                        ab.ptr, aout.ptr));
  check.array("a", aa.get(), fd(a, loss));
  check.array("b", ab.get(), fd(b, loss));
  check.array("out", aout.get(), fd(out, loss));
#else
  const std::vector<double> va = rng.vec(n * N), vb = rng.vec(n * N), vo = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> da(along(a, t, va)), db(along(b, t, vb)), dout(along(out, t, vo));
    CUAD_LAUNCH((blend<double, 3>), 2, 32, da.ptr, db.ptr, dout.ptr, n);
    return dout.get();
  };
  DeviceArray<double> da(a), db(b), dout(out), ta(va), tb(vb), tout(vo);
  CUAD_GRAD(CUAD_LAUNCH((blend_pushforward<double, 3>), 2, 32, da.ptr, db.ptr, dout.ptr, n,
                        ta.ptr, tb.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
