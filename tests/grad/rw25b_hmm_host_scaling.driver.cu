#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_hmm_host_scaling");
  Rng rng(25114);
  const int K = 5, V = 3, T = 14;
  auto stochastic = [&](int rows, int cols) {
    std::vector<double> m = rng.vec(rows * cols, 0.2, 1.0);
    for (int r = 0; r < rows; ++r) {
      double s = 0.0;
      for (int c = 0; c < cols; ++c) s += m[r * cols + c];
      for (int c = 0; c < cols; ++c) m[r * cols + c] /= s;
    }
    return m;
  };
  std::vector<double> A = stochastic(K, K), B = stochastic(K, V), pi = stochastic(1, K);
  std::vector<int> obs(T);
  for (int t = 0; t < T; ++t) obs[t] = (int)(rng.next() % V);
  const std::vector<double> w = rng.vec(K);
  std::vector<double> a0 = rng.vec(K);  // overwritten: only written by the function
  auto loss = [&] {
    std::vector<double> ao = a0;
    const double ll = hmm_loglik_host(A.data(), B.data(), pi.data(), obs.data(), T, K, V, ao.data());
    return ll + dot(w, ao);
  };
  std::vector<double> gA(K * K, 0.0), gB(K * V, 0.0), gpi(K, 0.0), ao = a0, gao = w;
  CUAD_GRAD(hmm_loglik_host_grad_0_1_2_7(A.data(), B.data(), pi.data(), obs.data(), T, K, V, ao.data(), gA.data(),
                                         gB.data(), gpi.data(), gao.data()));
  check.array("A", gA, fd(A, loss));
  check.array("B", gB, fd(B, loss));
  check.array("pi", gpi, fd(pi, loss));
  check.array("alpha_out", gao, fd(a0, loss));
  return check.finish();
}
