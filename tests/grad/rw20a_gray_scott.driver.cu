#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20a_gray_scott");
  Rng rng(200107);
  const int n = 100, steps = 6;
  std::vector<double> u0 = rng.vec(n, 0.4, 1.0), v0 = rng.vec(n, 0.0, 0.5), pattern(n, 0.0);
  double feed = 0.045, kill = 0.062;
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n, 0.0);
    const double total = gray_scott(u0.data(), v0.data(), feed, kill, out.data(), n, steps);
    return total + dot(w, out);
  };
  std::vector<double> gu0(n, 0.0), gv0(n, 0.0), gpattern = w;
  double gfeed = 0.0, gkill = 0.0;
  CUAD_GRAD(gray_scott_grad_0_1_2_3_4(u0.data(), v0.data(), feed, kill, pattern.data(), n, steps,
                                      gu0.data(), gv0.data(), &gfeed, &gkill, gpattern.data()));
  check.array("u0", gu0, fd(u0, loss));
  check.array("v0", gv0, fd(v0, loss));
  check.scalar("feed", gfeed, fd(feed, loss));
  check.scalar("kill", gkill, fd(kill, loss));
  check.array("pattern", gpattern, std::vector<double>(n, 0.0));
  return check.finish();
}
