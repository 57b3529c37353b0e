#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_struct_view_pointers");
  const int n = 6, iters = 2;
  Rng rng(2);
  std::vector<double> v = rng.vec(n, -0.7, 0.7), w = rng.vec(n, -0.5, 0.5);
  const std::vector<int> perm = {3, 0, 5, 1, 4, 2};
  double scale = 0.8;
  const std::vector<double> wo = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n);
    host_views(v.data(), w.data(), perm.data(), scale, out.data(), n, iters);
    return dot(wo, out);
  };
  std::vector<double> out(n), gv(n, 0.0), gw(n, 0.0), gout = wo;
  double gscale = 0.0;
  CUAD_GRAD(host_views_grad_0_1_3_4(v.data(), w.data(), perm.data(), scale, out.data(), n, iters,
                                    gv.data(), gw.data(), &gscale, gout.data()));
  check.array("v", gv, fd(v, loss));
  check.array("w", gw, fd(w, loss));
  check.scalar("scale", gscale, fd(scale, loss));
  return check.finish();
}
