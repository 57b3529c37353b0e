#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw10_fin_kde_host");
  const int ns = 45, nq = 40;
  Rng rng(5150);
  std::vector<double> samples = rng.vec(ns, -0.08, 0.08), queries = rng.vec(nq, -0.1, 0.1);
  std::vector<double> logdens = rng.vec(nq), w = rng.vec(nq);
  double bw = 0.03;
  auto loss = [&] {
    std::vector<double> o = logdens;
    kde_log_density(o.data(), samples.data(), queries.data(), bw, ns, nq);
    return dot(w, o);
  };
  std::vector<double> o = logdens, a_o = w, a_s(ns, 0.0);
  double a_bw = 0.0;
  CUAD_GRAD(kde_log_density_grad_0_1_3(o.data(), samples.data(), queries.data(), bw, ns, nq,
                                       a_o.data(), a_s.data(), &a_bw));
  check.array("logdens", a_o, fd(logdens, loss));
  check.array("samples", a_s, fd(samples, loss));
  check.scalar("bw", a_bw, fd(bw, loss));
  return check.finish();
}
