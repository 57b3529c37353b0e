#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20b_rbf_functor_traits");
  Rng rng(200210);
  // Queries and training points on shifted grids: no query sits on a training point (the
  // Matern r = sqrt(r2) is not differentiable at r2 = 0).
  const int nq = 80, n = 24, d = 3;
  std::vector<double> Xq = rng.vec(nq * d, -1.0, 1.0), X = rng.vec(n * d, -1.0, 1.0);
  std::vector<double> alpha = rng.vec(n, -0.8, 0.8);
#if CUAD_OUTPUT == 1
  using K = GaussianRBF<double>;
  K k{1.3, 0.9};
#else
  using K = Matern32<double>;
  K k{0.8, 0.7};
#endif
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  const std::vector<double> w = rng.vec(nq);
  auto loss = [&] {
    DeviceArray<double> dq(Xq), dX(X), da(alpha), dout(nq, 0.0);
    CUAD_LAUNCH((rbf_predict<double, K>), 2, 64, dq.ptr, dX.ptr, da.ptr, k, dout.ptr, nq, n, d);
    return dot(w, dout.get());
  };
  DeviceArray<double> dq(Xq), dX(X), da(alpha), dout(nq, 0.0), aq(zeros<double>(nq * d)),
      aX(zeros<double>(n * d)), aa(zeros<double>(n)), aout(w);
  DeviceArray<K> ak(std::vector<K>{K{0.0, 0.0}});
  CUAD_GRAD(CUAD_LAUNCH((rbf_predict_grad_0_1_2_3_4<double, K>), 2, 64, dq.ptr, dX.ptr, da.ptr, k,
                        dout.ptr, nq, n, d, aq.ptr, aX.ptr, aa.ptr, ak.ptr, aout.ptr));
  const K gk = ak.get()[0];
  check.array("Xq", aq.get(), fd(Xq, loss));
  check.array("X", aX.get(), fd(X, loss));
  check.array("alpha", aa.get(), fd(alpha, loss));
#if CUAD_OUTPUT == 1
  check.scalar("k.variance", gk.variance, fd(k.variance, loss));
  check.scalar("k.inv_two_ell2", gk.inv_two_ell2, fd(k.inv_two_ell2, loss));
#else
  check.scalar("k.variance", gk.variance, fd(k.variance, loss));
  check.scalar("k.ell", gk.ell, fd(k.ell, loss));
#endif
  check.array("out", aout.get(), std::vector<double>(nq, 0.0));
#else
  const std::vector<double> vq = rng.vec(nq * d), vX = rng.vec(n * d), va = rng.vec(n);
  const K vk{0.4, -0.3};
  auto outputs_at = [&](double t) {
    DeviceArray<double> dq(along(Xq, t, vq)), dX(along(X, t, vX)), da(along(alpha, t, va)),
        dout(nq, 0.0);
    const K kt{along(k.variance, t, vk.variance), along(k.ell, t, vk.ell)};
    CUAD_LAUNCH((rbf_predict<double, K>), 2, 64, dq.ptr, dX.ptr, da.ptr, kt, dout.ptr, nq, n, d);
    return dout.get();
  };
  DeviceArray<double> dq(Xq), dX(X), da(alpha), dout(nq, 0.0), tq(vq), tX(vX), ta(va),
      tout(nq, 0.0);
  CUAD_GRAD(CUAD_LAUNCH((rbf_predict_pushforward<double, K>), 2, 64, dq.ptr, dX.ptr, da.ptr, k,
                        dout.ptr, nq, n, d, tq.ptr, tX.ptr, ta.ptr, vk, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
