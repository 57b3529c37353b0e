#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21d_rmsnorm_swiglu");
  Rng rng(21404);
  const FFNDims d{3, 6, 8};  // 3 tokens: the second rmsnorm block has one idle warp
  const int n = d.n_tokens * d.dim, wh = d.hidden_dim * d.dim;
  std::vector<double> x = rng.vec(n), y = rng.vec(n), rms_w = rng.vec(d.dim, 0.6, 1.4),
                      w1 = rng.vec(wh, -0.6, 0.6), w3 = rng.vec(wh, -0.6, 0.6),
                      w2 = rng.vec(wh, -0.5, 0.5);
  auto loss = [&] {
    return llama_ffn_loss(x.data(), y.data(), rms_w.data(), w1.data(), w3.data(), w2.data(), d);
  };
  std::vector<double> a_x = zeros<double>(n), a_rms = zeros<double>(d.dim),
                      a_w1 = zeros<double>(wh), a_w3 = zeros<double>(wh),
                      a_w2 = zeros<double>(wh);
  CUAD_GRAD(llama_ffn_loss_grad_0_2_3_4_5(x.data(), y.data(), rms_w.data(), w1.data(),
                                          w3.data(), w2.data(), d, a_x.data(), a_rms.data(),
                                          a_w1.data(), a_w3.data(), a_w2.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("rms_w", a_rms, fd(rms_w, loss));
  check.array("w1", a_w1, fd(w1, loss));
  check.array("w3", a_w3, fd(w3, loss));
  check.array("w2", a_w2, fd(w2, loss));
  return check.finish();
}
