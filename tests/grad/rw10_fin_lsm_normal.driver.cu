#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw10_fin_lsm_normal");
  const int n = 90, ng = 12;
  Rng rng(8080);
  std::vector<double> S = rng.vec(n, 70.0, 130.0), Y = rng.vec(n, 0.0, 25.0);
  std::vector<double> gram = rng.vec(ng), wg = rng.vec(ng);
  double strike = 100.0, disc = 0.97;
  // keep S away from the strike kink
  for (auto& s : S)
    if (std::fabs(s - strike) < 0.5) s += 1.0;
  auto loss = [&] {
    DeviceArray<double> d_g(gram), d_S(S), d_Y(Y);
    CUAD_LAUNCH(lsm_normal_eqs, 2, 16, d_g.ptr, d_S.ptr, d_Y.ptr, strike, disc, n);
    return dot(wg, d_g.get());
  };
  DeviceArray<double> d_g(gram), d_S(S), d_Y(Y);
  DeviceArray<double> a_g(wg), a_S(zeros<double>(n)), a_Y(zeros<double>(n));
  DeviceScalar<double> a_K;
  CUAD_GRAD(CUAD_LAUNCH(lsm_normal_eqs_grad_0_1_2_3, 2, 16, d_g.ptr, d_S.ptr, d_Y.ptr, strike,
                        disc, n, a_g.ptr, a_S.ptr, a_Y.ptr, a_K.ptr));
  check.array("S", a_S.get(), fd(S, loss));
  check.array("Y", a_Y.get(), fd(Y, loss));
  check.scalar("strike", a_K.value(), fd(strike, loss));
  check.array("gram", a_g.get(), fd(gram, loss));
  return check.finish();
}
