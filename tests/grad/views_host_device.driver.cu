#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("views_host_device");
  Rng rng(2405);
#if CUAD_OUTPUT == 1
  std::vector<double> x = rng.vec<double>(8), q = rng.vec<double>(6);
  for (int i = 0; i < 3; ++i) {
    auto loss = [&] { return hd_views(x.data(), View{q.data(), 1}, i); };
    std::vector<double> gx(8, 0.0), gq(6, 0.0);
    View gp{gq.data(), 1};
    CUAD_GRAD(hd_views_grad_0_1(x.data(), View{q.data(), 1}, i, gx.data(), &gp));
    check.array(at("x", i), gx, fd(x, loss));
    check.array(at("q", i), gq, fd(q, loss));
  }
#else
  const int rows = 5, w = 3;
  std::vector<double> x = rng.vec<double>(rows * w);
  auto loss = [&] { return host_views(x.data(), rows, w); };
  std::vector<double> gx(rows * w, 0.0);
  CUAD_GRAD(host_views_grad_0(x.data(), rows, w, gx.data()));
  check.array("x", gx, fd(x, loss));
#endif
  return check.finish();
}
