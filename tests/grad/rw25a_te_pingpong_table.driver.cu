#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_te_pingpong_table");
  Rng rng(26616);
  const int m = NXX * NYY;
  std::vector<double> eps = rng.vec(m, 0.3, 1.0), hz0(m);
  for (int k = 0; k < m; ++k) {
    const double x = k % NXX - 6.5, y = k / NXX - 5.5;
    hz0[k] = std::exp(-(x * x + y * y) / 6.0) + rng.uniform(-0.05, 0.05);
  }
  for (int nt : {7, 8}) {  // the result lands in either buffer
    const std::string tag = "nt=" + std::to_string(nt) + " ";
#if CUAD_OUTPUT == 1
    const std::vector<double> w = rng.vec(m);
    std::vector<double> hz_in = rng.vec(m);  // the output's entry values do not matter
    auto loss = [&] {
      std::vector<double> out = hz_in;
      te_run(eps.data(), hz0.data(), out.data(), nt);
      return dot(w, out);
    };
    std::vector<double> out = hz_in, ge(m, 0.0), gh(m, 0.0), go = w;
    CUAD_GRAD(te_run_grad_0_1_2(eps.data(), hz0.data(), out.data(), nt, ge.data(), gh.data(), go.data()));
    check.array(tag + "eps_inv", ge, fd(eps, loss));
    check.array(tag + "hz0", gh, fd(hz0, loss));
    check.array(tag + "hz_out", go, fd(hz_in, loss));
#else
    const std::vector<double> ve = rng.vec(m, -0.1, 0.1), vh = rng.vec(m);
    auto outputs_at = [&](double t) {
      std::vector<double> out(m, 0.0);
      const std::vector<double> e2 = along(eps, t, ve), h2 = along(hz0, t, vh);
      te_run(e2.data(), h2.data(), out.data(), nt);
      return out;
    };
    std::vector<double> out(m, 0.0), tout(m, 0.0);
    CUAD_GRAD(te_run_pushforward(eps.data(), hz0.data(), out.data(), nt, ve.data(), vh.data(), tout.data()));
    check.array(tag + "hz_out tangent", tout, directional_fd<double>(outputs_at));
#endif
  }
  return check.finish();
}
