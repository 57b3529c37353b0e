#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("black_scholes_float");
  const int n = 100;
  Rng rng(43);
  std::vector<float> S = rng.vec<float>(n, 5.0, 30.0), X = rng.vec<float>(n, 1.0, 100.0),
                     T = rng.vec<float>(n, 0.25, 10.0), call = rng.vec<float>(n),
                     put = rng.vec<float>(n), wc = rng.vec<float>(n), wp = rng.vec<float>(n);
  float R = 0.02f, V = 0.30f;
  auto loss = [&] {
    DeviceArray<float> d_call(call), d_put(put), d_S(S), d_X(X), d_T(T);
    CUAD_LAUNCH(BlackScholesGPU, 2, 64, d_call.ptr, d_put.ptr, d_S.ptr, d_X.ptr, d_T.ptr, R, V, n);
    return dot(wc, d_call.get()) + dot(wp, d_put.get());
  };
  DeviceArray<float> d_call(call), d_put(put), d_S(S), d_X(X), d_T(T);
  DeviceArray<float> a_call(wc), a_put(wp), a_S(zeros<float>(n)), a_X(zeros<float>(n)),
      a_T(zeros<float>(n));
  DeviceScalar<float> a_R, a_V;
  CUAD_GRAD(CUAD_LAUNCH(BlackScholesGPU_grad_0_1_2_3_4_5_6, 2, 64, d_call.ptr, d_put.ptr, d_S.ptr,
                        d_X.ptr, d_T.ptr, R, V, n, a_call.ptr, a_put.ptr, a_S.ptr, a_X.ptr,
                        a_T.ptr, a_R.ptr, a_V.ptr));
  check.array("call", a_call.get(), fd(call, loss));
  check.array("put", a_put.get(), fd(put, loss));
  check.array("S", a_S.get(), fd(S, loss));
  check.array("X", a_X.get(), fd(X, loss));
  check.array("T", a_T.get(), fd(T, loss));
  // R and V gather 100 float contributions each: compare with a looser relative tolerance.
  check.scalar("R", a_R.value(), fd(R, loss), Tol{2e-2, 2e-2});
  check.scalar("V", a_V.value(), fd(V, loss), Tol{2e-2, 2e-2});
  return check.finish();
}
