#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_conv2d");
  const int N = 2, C = 2, H = 7, W = 6, K = 3, R = 3, S = 3, stride = 2, pad = 1;
  const int OH = (H + 2 * pad - R) / stride + 1, OW = (W + 2 * pad - S) / stride + 1;
  const int no = N * K * OH * OW;
  Rng rng(205);
  std::vector<float> in = rng.vec<float>(N * C * H * W), wt = rng.vec<float>(K * C * R * S),
                     bias = rng.vec<float>(K), out = rng.vec<float>(no), w = rng.vec<float>(no);
  dim3 block(2, 2), grid((OW + 1) / 2, (OH + 1) / 2, N * K);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_i(in), d_w(wt), d_b(bias);
    CUAD_LAUNCH(conv2d_fwd, grid, block, d_o.ptr, d_i.ptr, d_w.ptr, d_b.ptr, N, C, H, W, K, R, S,
                stride, pad, OH, OW);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_i(in), d_w(wt), d_b(bias), a_o(w), a_i(zeros<float>(in.size())),
      a_w(zeros<float>(wt.size())), a_b(zeros<float>(K));
  CUAD_GRAD(CUAD_LAUNCH(conv2d_fwd_grad_0_1_2_3, grid, block, d_o.ptr, d_i.ptr, d_w.ptr, d_b.ptr,
                        N, C, H, W, K, R, S, stride, pad, OH, OW, a_o.ptr, a_i.ptr, a_w.ptr,
                        a_b.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("in", a_i.get(), fd(in, loss));
  check.array("weight", a_w.get(), fd(wt, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
  return check.finish();
}
