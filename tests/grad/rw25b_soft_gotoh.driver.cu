#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_soft_gotoh");
  Rng rng(25110);
  const int LA = 5, LB = 7;
  std::vector<double> sim = rng.vec(LA * LB, -1.0, 1.0);
  for (int i = 0; i < LA; ++i) sim[i * LB + i + 1] += 2.0;  // a diagonal with an offset: two end gaps
  double open = -2.0, extend = -0.4, temp = 0.6;
#if CUAD_OUTPUT == 1
  auto loss = [&] { return soft_gotoh<LogSumExp, 5, 7>(sim.data(), open, extend, LogSumExp{temp}); };
  std::printf("score %.6f\n", loss());
  std::vector<double> gs(LA * LB, 0.0);
  double go = 0.0, ge = 0.0;
  LogSumExp gsm{0.0};
  CUAD_GRAD((soft_gotoh_grad<LogSumExp, 5, 7>(sim.data(), open, extend, LogSumExp{temp}, gs.data(), &go, &ge, &gsm)));
  check.array("sim", gs, fd(sim, loss));
  check.scalar("open", go, fd(open, loss));
  check.scalar("extend", ge, fd(extend, loss));
  check.scalar("temp", gsm.temp, fd(temp, loss));
#else
  const std::vector<double> vs = rng.vec(LA * LB);
  const double vo = 0.3, ve = -0.2, vt = 0.25;
  auto outputs_at = [&](double t) {
    return std::vector<double>{soft_gotoh<LogSumExp, 5, 7>(along(sim, t, vs).data(), along(open, t, vo),
                                                           along(extend, t, ve), LogSumExp{along(temp, t, vt)})};
  };
  auto r = soft_gotoh_pushforward<LogSumExp, 5, 7>(sim.data(), open, extend, LogSumExp{temp}, vs.data(), vo, ve,
                                                   LogSumExp{vt});
  check.array("tangent", std::vector<double>{r.pushforward}, directional_fd<double>(outputs_at));
  check.array("value", std::vector<double>{r.value}, outputs_at(0.0));
#endif
  return check.finish();
}
