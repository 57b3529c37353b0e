#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw19h_check_stream");
  const int n = 45;
  Rng rng(1901);
  std::vector<double> x = rng.vec(n);
  double alpha = 0.7;
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n);
    run_pipeline(x.data(), alpha, out.data(), n);
    return dot(w, out);
  };
  std::vector<double> out(n, 0.0), gx(n, 0.0), gout = w;
  double ga = 0.0;
  CUAD_GRAD(run_pipeline_grad_0_1_2(x.data(), alpha, out.data(), n, gx.data(), &ga, gout.data()));
  check.array("x", gx, fd(x, loss));
  check.scalar("alpha", ga, fd(alpha, loss));
  check.array("out", gout, std::vector<double>(n, 0.0));
  return check.finish();
}
