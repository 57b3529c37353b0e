#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21d_conv_pool_ce");
  Rng rng(21405);
  const int B = 4, C_in = 2, L = 12, C_out = 3, K = 3, NC = 5;
  const int feat = C_out * ((L - K + 1) / 2);  // 15
  const double smoothing = 0.1;
  std::vector<double> x = rng.vec(B * C_in * L), conv_w = rng.vec(C_out * C_in * K, -0.7, 0.7),
                      conv_b = rng.vec(C_out, -0.2, 0.2), fc_w = rng.vec(NC * feat, -0.8, 0.8),
                      fc_b = rng.vec(NC, -0.2, 0.2);
  std::vector<int> targets = {2, -100, 4, 0};  // the second sample is padding
  auto loss = [&] {
    return cnn1d_loss(x.data(), targets.data(), conv_w.data(), conv_b.data(), fc_w.data(),
                      fc_b.data(), B, C_in, L, C_out, K, NC, smoothing);
  };
  std::vector<double> a_cw = zeros<double>(conv_w.size()), a_cb = zeros<double>(C_out),
                      a_fw = zeros<double>(fc_w.size()), a_fb = zeros<double>(NC);
  CUAD_GRAD(cnn1d_loss_grad_2_3_4_5(x.data(), targets.data(), conv_w.data(), conv_b.data(),
                                    fc_w.data(), fc_b.data(), B, C_in, L, C_out, K, NC, smoothing,
                                    a_cw.data(), a_cb.data(), a_fw.data(), a_fb.data()));
  check.array("conv_w", a_cw, fd(conv_w, loss));
  check.array("conv_b", a_cb, fd(conv_b, loss));
  check.array("fc_w", a_fw, fd(fc_w, loss));
  check.array("fc_b", a_fb, fd(fc_b, loss));
  return check.finish();
}
