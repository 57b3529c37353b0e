#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22c_kalman_stream_nll");
  Rng rng(22304);
  const int n = 40, frames = 5;  // two blocks, the second partial
  std::vector<double> z = rng.vec(frames * n, -1.5, 1.5), x0 = rng.vec(n, -1.0, 1.0);
  double a = 0.85, q = 0.3, r = 0.45;
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> xhat(n, 0.0);
    const double nll = kalman_nll(z.data(), x0.data(), a, q, r, xhat.data(), n, frames);
    return nll + dot(w, xhat);
  };
  std::vector<double> xhat(n, 0.0), gz(frames * n, 0.0), gx0(n, 0.0), gxhat = w;
  double ga = 0.0, gq = 0.0, gr = 0.0;
  CUAD_GRAD(kalman_nll_grad_0_1_2_3_4_5(z.data(), x0.data(), a, q, r, xhat.data(), n, frames,
                                        gz.data(), gx0.data(), &ga, &gq, &gr, gxhat.data()));
  check.array("z", gz, fd(z, loss));
  check.array("x0", gx0, fd(x0, loss));
  check.scalar("a", ga, fd(a, loss));
  check.scalar("q", gq, fd(q, loss));
  check.scalar("r", gr, fd(r, loss));
  check.array("xhat", gxhat, std::vector<double>(n, 0.0));
  return check.finish();
}
