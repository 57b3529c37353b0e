#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22a_dynsmem_pipeline");
  const int rows = 5, cols = 45, n = rows * cols;
  Rng rng(22110);
  std::vector<float> x = rng.vec<float>(n), gamma = rng.vec<float>(cols, 0.5, 1.5),
                     beta = rng.vec<float>(cols, -0.5, 0.5), y = rng.vec<float>(n);
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    std::vector<float> o(y);
    smooth_layernorm(x.data(), gamma.data(), beta.data(), o.data(), rows, cols);
    return dot(w, o);
  };
  std::vector<float> o(y), ax(n, 0.0f), ag(cols, 0.0f), ab(cols, 0.0f), ay = w;
  CUAD_GRAD(smooth_layernorm_grad_0_1_2_3(x.data(), gamma.data(), beta.data(), o.data(), rows,
                                          cols, ax.data(), ag.data(), ab.data(), ay.data()));
  check.array("x", ax, fd(x, loss));
  check.array("gamma", ag, fd(gamma, loss));
  check.array("beta", ab, fd(beta, loss));
  check.array("y", ay, zeros<double>(n));
#else
  const std::vector<float> vx = rng.vec<float>(n), vg = rng.vec<float>(cols, -0.5, 0.5),
                           vb = rng.vec<float>(cols);
  auto run = [&](const std::vector<float>& xx, const std::vector<float>& gg,
                 const std::vector<float>& bb) {
    std::vector<float> o(y);
    smooth_layernorm(xx.data(), gg.data(), bb.data(), o.data(), rows, cols);
    return as_doubles(o);
  };
  auto outputs_at = [&](double t) {
    return run(along(x, t, vx), along(gamma, t, vg), along(beta, t, vb));
  };
  std::vector<float> o(y), ty(n, 7.0f);
  CUAD_GRAD(smooth_layernorm_pushforward(x.data(), gamma.data(), beta.data(), o.data(), rows, cols,
                                         vx.data(), vg.data(), vb.data(), ty.data()));
  check.array("y tangent", ty, directional_fd<float>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("y value", o, run(x, gamma, beta));
#endif
#endif
  return check.finish();
}
