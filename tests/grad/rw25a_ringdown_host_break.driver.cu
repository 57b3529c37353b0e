#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_ringdown_host_break");
  Rng rng(26515);
  const int n = 50, src = 20, rx = 31, max_steps = 160, check_every = 5;
  const double frac = 0.23;
  std::vector<double> c2 = rng.vec(n, 0.8, 1.0);
  double amp = 0.8;
  auto steps_at = [&](double f) {
    std::vector<double> tr(max_steps, 0.0);
    double e = 0.0;
    return ringdown(c2.data(), amp, n, src, rx, max_steps, check_every, f, tr.data(), &e);
  };
  const int t0 = steps_at(frac);
  std::printf("steps taken: %d of %d\n", t0, max_steps);
  check.expect(t0 < max_steps && t0 > 4 * check_every, "the loop breaks on the energy test");
  check.expect(steps_at(frac * 0.97) == t0 && steps_at(frac * 1.03) == t0, "the break is not at a tie");
  const std::vector<double> w = rng.vec(max_steps), we = rng.vec(1);
  auto loss = [&] {
    std::vector<double> tr(max_steps, 0.0);
    double e = 0.0;
    ringdown(c2.data(), amp, n, src, rx, max_steps, check_every, frac, tr.data(), &e);
    return dot(w, tr) + we[0] * e;
  };
  std::vector<double> tr(max_steps, 0.0), gc(n, 0.0), gt = w;
  double e = 0.0, ga = 0.0, ge = we[0];
  CUAD_GRAD(ringdown_grad_0_1_8_9(c2.data(), amp, n, src, rx, max_steps, check_every, frac, tr.data(), &e,
                                  gc.data(), &ga, gt.data(), &ge));
  check.array("c2", gc, fd(c2, loss));
  check.scalar("amp", ga, fd(amp, loss));
  check.array("trace", gt, zeros<double>(max_steps));
  check.scalar("energy_out", ge, 0.0);
  return check.finish();
}
