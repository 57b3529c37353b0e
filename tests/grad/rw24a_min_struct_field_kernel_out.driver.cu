#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_min_struct_field_kernel_out");
  Rng rng(24905);
  const int n = 8;
  std::vector<double> h0 = rng.vec(n, 0.5, 1.5), hu0 = rng.vec(n), w = rng.vec(n);
  auto run = [&](const std::vector<double>& a, const std::vector<double>& b) {
    std::vector<double> o(n);
    run_two(a.data(), b.data(), o.data(), n);
    return o;
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(h0, hu0)); };
  std::vector<double> o(n), gh(n, 0.0), gout = w;
  CUAD_GRAD(run_two_grad_0_2(h0.data(), hu0.data(), o.data(), n, gh.data(), gout.data()));
  check.array("h0", gh, fd(h0, loss));
  check.array("out", gout, zeros<double>(n));
#else
  const std::vector<double> vh = rng.vec(n), vu = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(h0, t, vh), along(hu0, t, vu)); };
  std::vector<double> o(n), to(n, 0.0);
  CUAD_GRAD(run_two_pushforward(h0.data(), hu0.data(), o.data(), n, vh.data(), vu.data(), to.data()));
  check.array("out tangent", to, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
