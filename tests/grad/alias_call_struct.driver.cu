#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("alias_call_struct");
  const double points[][3] = {{0.7, -1.3, 0.2}, {-0.4, 0.9, 0.35}, {1.1, 0.6, 0.15}};
  for (int p = 0; p < 3; ++p) {
    double th = points[p][0], om = points[p][1], h = points[p][2];
#if CUAD_OUTPUT == 2
    const double vth = 0.3, vom = -0.7, vh = 0.5;
    auto outputs_at = [&](double t) {
      return std::vector<double>{pend(along(th, t, vth), along(om, t, vom), along(h, t, vh))};
    };
    double tangent = 0;
    CUAD_GRAD(auto r = pend_pushforward(th, om, h, vth, vom, vh); tangent = r.pushforward);
    check.array(at("pend", p), std::vector<double>{tangent}, directional_fd<double>(outputs_at));
#else
    auto loss = [&] { return pend(th, om, h); };
    double dth = 0, dom = 0, dh = 0;
    CUAD_GRAD(pend_grad(th, om, h, &dth, &dom, &dh));
    check.scalar(at("th", p), dth, fd(th, loss));
    check.scalar(at("om", p), dom, fd(om, loss));
    check.scalar(at("h", p), dh, fd(h, loss));
#endif
  }
  return check.finish();
}
