#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_host_guard");
  const int nx = 10, ny = 9, n = nx * ny, nsrc = 5;
  Rng rng(527);
  std::vector<double> field = rng.vec(n), amp = rng.vec(nsrc), w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> s = field;
    accumulate_sources(s.data(), amp.data(), nsrc, nx, ny);
    return dot(w, s);
  };
  std::vector<double> s = field, a_f = w, a_amp(nsrc, 0.0);
  CUAD_GRAD(accumulate_sources_grad_0_1(s.data(), amp.data(), nsrc, nx, ny, a_f.data(), a_amp.data()));
  check.array("field", a_f, fd(field, loss));
  check.array("amp", a_amp, fd(amp, loss));
  return check.finish();
}
