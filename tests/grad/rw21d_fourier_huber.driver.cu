#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21d_fourier_huber");
  Rng rng(21407);
  const int n = 10, hidden = 6;
  const int enc = 2 * (1 + 2 * 3);
  const int n_params = hidden * enc + hidden + hidden + 1;  // 97
  const float delta = 0.3f;
  std::vector<float> pts = rng.vec<float>(n * 2, 0.0, 1.0), sample_w = rng.vec<float>(n, 0.5, 2.0);
  std::vector<float> params(n_params);
  for (int k = 0; k < hidden * enc; ++k) params[k] = (float)rng.uniform(-0.6, 0.6);
  for (int k = hidden * enc; k < n_params; ++k) params[k] = (float)rng.uniform(-0.5, 0.5);
  // Targets: half of the residuals inside the quadratic zone, half in the linear tails, all
  // at least 0.05 away from the |r| = delta switch. Residuals are set from the primal's
  // predictions (recovered with zero targets and unit weights, one sample at a time).
  std::vector<float> target(n, 0.0f);
  for (int i = 0; i < n; ++i) {
    std::vector<float> ones(n, 0.0f);
    ones[i] = 1.0f;
    std::vector<float> zero(n, 0.0f);
    // loss with target 0 and weight only on sample i: huber(pred_i); the prediction's sign
    // and size come from two evaluations with shifted targets.
    float lp = fourier_mlp_loss(pts.data(), zero.data(), ones.data(), params.data(), n, hidden,
                                100.0f);  // 0.5 pred^2 (delta large: quadratic)
    std::vector<float> one(n, 0.0f);
    one[i] = 1.0f;
    float lq = fourier_mlp_loss(pts.data(), one.data(), ones.data(), params.data(), n, hidden,
                                100.0f);  // 0.5 (pred - 1)^2
    const float pred = lp - lq + 0.5f;
    const float r = (i % 2 == 0) ? (float)rng.uniform(0.05, 0.25) : (float)rng.uniform(0.4, 0.9);
    target[i] = pred - ((i % 4 < 2) ? r : -r);
  }
  auto loss = [&] {
    return fourier_mlp_loss(pts.data(), target.data(), sample_w.data(), params.data(), n,
                            hidden, delta);
  };
  std::vector<float> a_params = zeros<float>(n_params);
  CUAD_GRAD(fourier_mlp_loss_grad_3(pts.data(), target.data(), sample_w.data(), params.data(), n,
                                    hidden, delta, a_params.data()));
  check.array("params", a_params, fd(params, loss));
  return check.finish();
}
