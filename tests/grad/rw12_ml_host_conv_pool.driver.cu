#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_ml_host_conv_pool");
  ConvShape s;
  s.N = 2; s.C = 2; s.H = 9; s.W = 8; s.K = 3; s.R = 3; s.S = 3; s.pad = 1; s.stride = 2;
  s.OH = (s.H + 2 * s.pad - s.R) / s.stride + 1;  // 5
  s.OW = (s.W + 2 * s.pad - s.S) / s.stride + 1;  // 4
  const int no = s.N * 2 * s.K * (s.OH / 2) * (s.OW / 2);
  Rng rng(12007);
  std::vector<double> x = rng.vec(s.N * s.C * s.H * s.W), weight = rng.vec(s.K * s.C * s.R * s.S),
                      bias = rng.vec(s.K, -0.2, 0.2), out = zeros<double>(no), w = rng.vec(no);
  auto loss = [&] {
    std::vector<double> o(no);
    conv_pool_forward(o.data(), x.data(), weight.data(), bias.data(), s);
    return dot(w, o);
  };
  std::vector<double> a_o = w, a_x = zeros<double>(x.size()), a_w = zeros<double>(weight.size()),
                      a_b = zeros<double>(bias.size());
  CUAD_GRAD(conv_pool_forward_grad_0_1_2_3(out.data(), x.data(), weight.data(), bias.data(), s,
                                           a_o.data(), a_x.data(), a_w.data(), a_b.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("weight", a_w, fd(weight, loss));
  check.array("bias", a_b, fd(bias, loss));
  check.array("out", a_o, fd(out, loss));
  return check.finish();
}
