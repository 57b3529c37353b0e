#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw14_host_vec_normalize");
  const int n = 75, d = 40;
  Rng rng(1405);
  std::vector<double> s = rng.vec(n, -2.0, 2.0), V = rng.vec(n * d);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(d);
  auto loss = [&] {
    std::vector<double> p(d);
    attention_pool(s.data(), V.data(), p.data(), n, d);
    return dot(w, p);
  };
  std::vector<double> p(d), as(n, 0.0), aV(n * d, 0.0), ap = w;
  CUAD_GRAD(attention_pool_grad_0_1_2(s.data(), V.data(), p.data(), n, d, as.data(), aV.data(), ap.data()));
  check.array("pooled", ap, std::vector<double>(d, 0.0));
  check.array("scores", as, fd(s, loss));
  check.array("values", aV, fd(V, loss));
#else
  std::vector<double> vs = rng.vec(n), vV = rng.vec(n * d);
  auto outputs_at = [&](double t) {
    std::vector<double> ss = along(s, t, vs), Vs = along(V, t, vV), p(d);
    attention_pool(ss.data(), Vs.data(), p.data(), n, d);
    return p;
  };
  std::vector<double> p(d), dp(d, 0.0);
  CUAD_GRAD(attention_pool_pushforward(s.data(), V.data(), p.data(), n, d, vs.data(), vV.data(), dp.data()));
  check.array("pooled tangent", dp, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
