#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_ml_host_gru_seq");
  const int T = 4, I = 5, H = 37;  // two blocks, the second mostly idle
  Rng rng(12010);
  std::vector<float> xs = rng.vec<float>(T * I), h0 = rng.vec<float>(H, -0.5, 0.5),
                     Wx = rng.vec<float>(3 * H * I, -0.4, 0.4),
                     Wh = rng.vec<float>(3 * H * H, -0.15, 0.15),
                     bx = rng.vec<float>(3 * H, -0.2, 0.2), bh = rng.vec<float>(3 * H, -0.2, 0.2),
                     h_out = zeros<float>(H), w = rng.vec<float>(H);
  auto loss = [&] {
    std::vector<float> o(H);
    gru_sequence(o.data(), xs.data(), h0.data(), Wx.data(), Wh.data(), bx.data(), bh.data(), T,
                 I, H);
    return dot(w, o);
  };
  std::vector<float> a_o = w, a_xs = zeros<float>(T * I), a_h0 = zeros<float>(H),
                     a_Wx = zeros<float>(3 * H * I), a_Wh = zeros<float>(3 * H * H),
                     a_bx = zeros<float>(3 * H), a_bh = zeros<float>(3 * H);
  CUAD_GRAD(gru_sequence_grad_0_1_2_3_4_5_6(h_out.data(), xs.data(), h0.data(), Wx.data(),
                                            Wh.data(), bx.data(), bh.data(), T, I, H, a_o.data(),
                                            a_xs.data(), a_h0.data(), a_Wx.data(), a_Wh.data(),
                                            a_bx.data(), a_bh.data()));
  check.array("xs", a_xs, fd(xs, loss));
  check.array("h0", a_h0, fd(h0, loss));
  check.array("Wx", a_Wx, fd(Wx, loss));
  check.array("Wh", a_Wh, fd(Wh, loss));
  check.array("bx", a_bx, fd(bx, loss));
  check.array("bh", a_bh, fd(bh, loss));
  check.array("h_out", a_o, fd(h_out, loss));
  return check.finish();
}
