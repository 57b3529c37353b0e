#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw14_ext_dropout_host");
  const int rows = 6, hidden = 45, n = rows * hidden;
  const double p = 0.3;
  Rng rng(14004);
  std::vector<double> x = rng.vec(n, -1.5, 1.5), res = rng.vec(n, -1.0, 1.0),
                      gamma = rng.vec(hidden, 0.5, 1.5), out = zeros<double>(n);
  std::vector<uint8_t> mask(n);
  for (int i = 0; i < n; ++i) mask[i] = rng.uniform(0.0, 1.0) >= p ? 1 : 0;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> o(n);
    const double r = fused_dropout_residual(x.data(), res.data(), mask.data(), gamma.data(), p,
                                            rows, hidden, o.data());
    return r + dot(w, o);
  };
  std::vector<double> a_x = zeros<double>(n), a_res = zeros<double>(n),
                      a_g = zeros<double>(hidden), a_out = w;
  CUAD_GRAD(fused_dropout_residual_grad_0_1_3_7(x.data(), res.data(), mask.data(), gamma.data(),
                                                p, rows, hidden, out.data(), a_x.data(),
                                                a_res.data(), a_g.data(), a_out.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("residual", a_res, fd(res, loss));
  check.array("gamma", a_g, fd(gamma, loss));
  check.array("out", a_out, fd(out, loss));
#else
  const std::vector<double> vx = rng.vec(n), vres = rng.vec(n), vg = rng.vec(hidden);
  auto outputs_at = [&](double t) {
    std::vector<double> o(n), xs = along(x, t, vx), rs = along(res, t, vres),
                              gs = along(gamma, t, vg);
    const double r =
        fused_dropout_residual(xs.data(), rs.data(), mask.data(), gs.data(), p, rows, hidden,
                               o.data());
    o.push_back(r);
    return o;
  };
  std::vector<double> t_out(n, 7.0);
  double value = 0, tangent = 0;
  CUAD_GRAD(auto r = fused_dropout_residual_pushforward_0_1_3_7(
                x.data(), res.data(), mask.data(), gamma.data(), p, rows, hidden, out.data(),
                vx.data(), vres.data(), vg.data(), t_out.data());
            value = r.value; tangent = r.pushforward);
  std::vector<double> got = t_out;
  got.push_back(tangent);
  check.array("out, rms", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> o2(n);
  check.scalar("value", value,
               fused_dropout_residual(x.data(), res.data(), mask.data(), gamma.data(), p, rows,
                                      hidden, o2.data()));
#endif
#endif
  return check.finish();
}
