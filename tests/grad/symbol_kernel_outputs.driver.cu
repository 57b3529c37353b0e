#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("symbol_kernel_outputs");
  const int n = 150, steps = 3;
  Rng rng(4107);
  std::vector<double> x = rng.vec(n), w = rng.vec(NBIN), hist(steps, 0.0), tail(2, 0.0);
  std::vector<double> wh = rng.vec(steps), wt = rng.vec(2);
  auto loss = [&] {
    std::vector<double> h(steps), t(2);
    energy_history(x.data(), w.data(), h.data(), t.data(), n, steps);
    return dot(wh, h) + dot(wt, t);
  };
  std::vector<double> a_x(n, 0.0), a_w(NBIN, 0.0), a_hist = wh, a_tail = wt;
  CUAD_GRAD(energy_history_grad_0_1_2_3(x.data(), w.data(), hist.data(), tail.data(), n, steps,
                                      a_x.data(), a_w.data(), a_hist.data(),
                                        a_tail.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("w", a_w, fd(w, loss));
  // hist is only written: its adjoint is consumed.
  check.array("hist", a_hist, std::vector<double>(steps, 0.0));
  check.array("tail", a_tail, std::vector<double>(2, 0.0));
  return check.finish();
}
