#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw8_conv_tile_host");
  const int H = 13, W = 19;  // partial tiles on both axes
  Rng rng(2718);
  std::vector<float> image = rng.vec<float>(H * W), filter = rng.vec<float>(9, -0.5, 0.5),
                     bias = {0.1f}, out0 = zeros<float>(H * W);
  const std::vector<float> wo = rng.vec<float>(H * W);
  auto loss = [&] {
    std::vector<float> out(H * W);
    conv_layer(image.data(), filter.data(), bias.data(), out.data(), H, W);
    return dot(wo, out);
  };
  std::vector<float> out(H * W), a_image(H * W, 0.0f), a_filter(9, 0.0f), a_bias(1, 0.0f),
      a_out = wo;
  CUAD_GRAD(conv_layer_grad_0_1_2_3(image.data(), filter.data(), bias.data(), out.data(), H, W,
                                    a_image.data(), a_filter.data(), a_bias.data(), a_out.data()));
  check.array("image", a_image, fd(image, loss));
  check.array("filter", a_filter, fd(filter, loss));
  check.array("bias", a_bias, fd(bias, loss));
  check.array("out", a_out, std::vector<double>(H * W, 0.0));
  return check.finish();
}
