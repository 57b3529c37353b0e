#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26f_min_alloc_loop_memset");
  Rng rng(26690);
  const int nsteps = 3;
  std::vector<double> x0 = rng.vec(N, 0.5, 1.5), w = rng.vec(N);
  double k = 0.1;
  auto loss = [&] {
    std::vector<double> o(N);
    smooth_steps(x0.data(), k, nsteps, o.data());
    return dot(w, o);
  };
  std::vector<double> gx(N, 0.0), o(N, 0.0), go = w;
  double gk = 0.0;
  CUAD_GRAD(smooth_steps_grad_0_1_3(x0.data(), k, nsteps, o.data(), gx.data(), &gk, go.data()));
  check.array("x0", gx, fd(x0, loss));
  check.scalar("k", gk, fd(k, loss));
  return check.finish();
}
