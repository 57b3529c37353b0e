#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rd_backprop");
  const int in = 32, hid = 16, out = 3;
  const int nw = (in + 1) * (hid + 1);
  Rng rng(1717);
  std::vector<float> input = rng.vec<float>(in + 1, 0.0, 1.0), iw = rng.vec<float>(nw, -0.4, 0.4);
  input[0] = 1.0f;
#if CUAD_OUTPUT == 1
  std::vector<float> hw = rng.vec<float>((hid + 1) * (out + 1), -1.0, 1.0),
                     pw = rng.vec<float>(nw, -0.2, 0.2), target = rng.vec<float>(out + 1, 0.0, 1.0),
                     err0 = {0.0f};
  const std::vector<float> w_iw = rng.vec<float>(nw), w_pw = rng.vec<float>(nw);
  const float w_err = 3.0f;
  auto loss = [&] {
    std::vector<float> a = input, b = iw, c = hw, d = pw, t = target;
    float e = 0.0f;
    bpnn_train_cuda(a.data(), b.data(), c.data(), d.data(), t.data(), &e, in, hid, out);
    return dot(w_iw, b) + dot(w_pw, d) + w_err * e;
  };
  std::vector<float> a = input, b = iw, c = hw, d = pw, t = target, a_in(in + 1, 0.0f),
                     a_iw = w_iw, a_hw((hid + 1) * (out + 1), 0.0f), a_pw = w_pw,
                     a_t(out + 1, 0.0f);
  float e = 0.0f, a_e = w_err;
  CUAD_GRAD(bpnn_train_cuda_grad_0_1_2_3_4_5(a.data(), b.data(), c.data(), d.data(), t.data(), &e,
                                             in, hid, out, a_in.data(), a_iw.data(), a_hw.data(),
                                             a_pw.data(), a_t.data(), &a_e));
  check.array("input_units", a_in, fd(input, loss));
  check.array("input_weights", a_iw, fd(iw, loss));
  check.array("hidden_weights", a_hw, fd(hw, loss));
  check.array("prev_weights", a_pw, fd(pw, loss));
  check.array("target", a_t, fd(target, loss));
  check.scalar("err", a_e, 0.0);
#else
  std::vector<float> ps0 = rng.vec<float>((in / 16) * hid), oh(hid + 1, 0.0f);
  const std::vector<float> w = rng.vec<float>((in / 16) * hid);
  auto loss = [&] {
    DeviceArray<float> di(input), doh(oh), dw(iw), dps(ps0);
    CUAD_LAUNCH(bpnn_layerforward_CUDA, dim3(1, in / 16), dim3(16, 16), di.ptr, doh.ptr, dw.ptr,
                dps.ptr, in, hid);
    return dot(w, dps.get());
  };
  DeviceArray<float> di(input), doh(oh), dw(iw), dps(ps0), ai(zeros<float>(in + 1)),
      aw(zeros<float>(nw)), aps(w);
  CUAD_GRAD(CUAD_LAUNCH(bpnn_layerforward_CUDA_grad_0_2_3, dim3(1, in / 16), dim3(16, 16), di.ptr,
                        doh.ptr, dw.ptr, dps.ptr, in, hid, ai.ptr, aw.ptr, aps.ptr));
  check.array("input_cuda", ai.get(), fd(input, loss));
  check.array("input_hidden_cuda", aw.get(), fd(iw, loss));
  check.array("hidden_partial_sum", aps.get(), fd(ps0, loss));
#endif
  return check.finish();
}
