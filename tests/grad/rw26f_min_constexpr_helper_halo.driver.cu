#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26f_min_constexpr_helper_halo");
  Rng rng(26691);
  std::vector<double> x = rng.vec(N), w = rng.vec(N);
  auto loss = [&] {
    std::vector<double> y(N);
    run(x.data(), y.data());
    return dot(w, y);
  };
  std::vector<double> gx(N, 0.0), y(N, 0.0), gy = w;
  CUAD_GRAD(run_grad(x.data(), y.data(), gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  return check.finish();
}
