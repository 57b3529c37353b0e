#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_host_template");
  const int n = 300;
  Rng rng(47);
  std::vector<double> model = rng.vec(n), obs = rng.vec(n), vm = rng.vec(n), vo = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> m = along(model, t, vm), o = along(obs, t, vo);
    return std::vector<double>{l2_misfit(m.data(), o.data(), n)};
  };
  double value = 0, tangent = 0;
  CUAD_GRAD(auto r = l2_misfit_pushforward(model.data(), obs.data(), n, vm.data(), vo.data());
            value = r.value; tangent = r.pushforward);
#if !defined(CUAD_SELFTEST) && !defined(CUAD_RACECHECK)
  check.scalar("value", value, l2_misfit(model.data(), obs.data(), n));
#endif
  check.array("pushforward", std::vector<double>{tangent}, directional_fd<double>(outputs_at));
  return check.finish();
}
