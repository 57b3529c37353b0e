#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_rnn_persistent");
  const int B = 2, T = 5, IN = 3, H = 16;
  Rng rng(227);
  std::vector<float> x = rng.vec<float>(B * T * IN), W = rng.vec<float>(H * IN, -0.6, 0.6),
                     U = rng.vec<float>(H * H, -0.3, 0.3), h0 = rng.vec<float>(B * H),
                     hs = rng.vec<float>(B * T * H), w = rng.vec<float>(B * T * H);
  auto loss = [&] {
    DeviceArray<float> d_hs(hs), d_x(x), d_W(W), d_U(U), d_h0(h0);
    CUAD_LAUNCH(rnn_persistent, B, H, d_hs.ptr, d_x.ptr, d_W.ptr, d_U.ptr, d_h0.ptr, T, IN);
    return dot(w, d_hs.get());
  };
  DeviceArray<float> d_hs(hs), d_x(x), d_W(W), d_U(U), d_h0(h0), a_hs(w), a_x(zeros<float>(x.size())),
      a_W(zeros<float>(W.size())), a_U(zeros<float>(U.size())), a_h0(zeros<float>(h0.size()));
  CUAD_GRAD(CUAD_LAUNCH(rnn_persistent_grad_0_1_2_3_4, B, H, d_hs.ptr, d_x.ptr, d_W.ptr, d_U.ptr,
                        d_h0.ptr, T, IN, a_hs.ptr, a_x.ptr, a_W.ptr, a_U.ptr, a_h0.ptr));
  check.array("hs", a_hs.get(), fd(hs, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("W", a_W.get(), fd(W, loss));
  check.array("U", a_U.get(), fd(U, loss));
  check.array("h0", a_h0.get(), fd(h0, loss));
  return check.finish();
}
