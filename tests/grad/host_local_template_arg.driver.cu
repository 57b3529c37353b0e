#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_local_template_arg");
  const int n = 40;
  Rng rng(2);
  std::vector<double> u = rng.vec(n), w = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> out(n);
    run(u.data(), out.data(), n);
    return dot(w, out);
  };
  std::vector<double> au(n, 0.0), aout = w, out(n);
  CUAD_GRAD(run_grad_0_1(u.data(), out.data(), n, au.data(), aout.data()));
  check.array("u0", au, fd(u, loss));
#else
  std::vector<double> v = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> out(n), uu = along(u, t, v);
    run(uu.data(), out.data(), n);
    return out;
  };
  std::vector<double> out(n), dout(n, 0.0);
  CUAD_GRAD(run_pushforward(u.data(), out.data(), n, v.data(), dout.data()));
  check.array("out", dout, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
