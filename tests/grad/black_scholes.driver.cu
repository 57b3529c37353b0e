#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("black_scholes");
  const int n = 100;
  Rng rng(22);
  std::vector<double> S = rng.vec(n, 5.0, 30.0), X = rng.vec(n, 1.0, 100.0),
                      T = rng.vec(n, 0.25, 10.0), call = rng.vec(n), put = rng.vec(n),
                      wc = rng.vec(n), wp = rng.vec(n);
  double r = 0.02, v = 0.30;
  auto loss = [&] {
    DeviceArray<double> d_call(call), d_put(put), d_S(S), d_X(X), d_T(T);
    CUAD_LAUNCH(black_scholes, 2, 64, d_call.ptr, d_put.ptr, d_S.ptr, d_X.ptr, d_T.ptr, r, v, n);
    return dot(wc, d_call.get()) + dot(wp, d_put.get());
  };
  DeviceArray<double> d_call(call), d_put(put), d_S(S), d_X(X), d_T(T);
  DeviceArray<double> a_call(wc), a_put(wp), a_S(zeros<double>(n)), a_X(zeros<double>(n)),
      a_T(zeros<double>(n));
  DeviceScalar<double> a_r, a_v;
  CUAD_GRAD(CUAD_LAUNCH(black_scholes_grad_0_1_2_3_4_5_6, 2, 64, d_call.ptr, d_put.ptr, d_S.ptr,
                        d_X.ptr, d_T.ptr, r, v, n, a_call.ptr, a_put.ptr, a_S.ptr, a_X.ptr,
                        a_T.ptr, a_r.ptr, a_v.ptr));
  check.array("call", a_call.get(), fd(call, loss));
  check.array("put", a_put.get(), fd(put, loss));
  check.array("S", a_S.get(), fd(S, loss));
  check.array("X", a_X.get(), fd(X, loss));
  check.array("T", a_T.get(), fd(T, loss));
  check.scalar("r", a_r.value(), fd(r, loss));
  check.scalar("v", a_v.value(), fd(v, loss));
  return check.finish();
}
