#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_volatile_reduce");
  const int n = 300;
  Rng rng(522);
  std::vector<double> model = rng.vec(n), obs = rng.vec(n);
  auto loss = [&] { return l2_misfit(model.data(), obs.data(), n); };
  std::vector<double> a_m(n, 0.0), a_o(n, 0.0);
  CUAD_GRAD(l2_misfit_grad_0_1(model.data(), obs.data(), n, a_m.data(), a_o.data()));
  check.array("model", a_m, fd(model, loss));
  check.array("obs", a_o, fd(obs, loss));
  return check.finish();
}
