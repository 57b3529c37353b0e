#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_host_layers");
  Rng rng(24313);
  const Dims d{5, 10, 14, 3};
  const int per_layer = d.C + d.H * d.C + d.H + d.C * d.H + d.C;
  const int n_params = d.L * per_layer + 2 * d.C;
  std::vector<float> params = rng.vec<float>(n_params, -0.4, 0.4), x = rng.vec<float>(d.T * d.C),
                     target = rng.vec<float>(d.T);
  // RMSNorm gains near 1
  for (int l = 0; l <= d.L; ++l)
    for (int c = 0; c < d.C; ++c) params[l * per_layer + c] = (float)rng.uniform(0.8, 1.2);
  auto loss = [&] { return (double)mlp_stack_loss(params.data(), x.data(), target.data(), d); };
#if CUAD_OUTPUT == 1
  std::vector<float> gp(n_params, 0.0f), gx(d.T * d.C, 0.0f);
  CUAD_GRAD(mlp_stack_loss_grad_0_1(params.data(), x.data(), target.data(), d, gp.data(), gx.data()));
  check.array("params", gp, fd(params, loss));
  check.array("x_in", gx, fd(x, loss));
#else
  (void)loss;
  const std::vector<float> vp = rng.vec<float>(n_params), vx = rng.vec<float>(d.T * d.C);
  auto outputs_at = [&](double t) {
    std::vector<float> a = along(params, t, vp), b = along(x, t, vx);
    return std::vector<double>{mlp_stack_loss(a.data(), b.data(), target.data(), d)};
  };
  double value = 0.0, tangent = 0.0;
  CUAD_GRAD(auto r = mlp_stack_loss_pushforward_0_1(params.data(), x.data(), target.data(), d, vp.data(), vx.data());
            value = r.value; tangent = r.pushforward);
  check.array("loss tangent", std::vector<double>{tangent}, directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.scalar("loss value", value, mlp_stack_loss(params.data(), x.data(), target.data(), d), default_tol<float>());
#else
  (void)value;
#endif
#endif
  return check.finish();
}
