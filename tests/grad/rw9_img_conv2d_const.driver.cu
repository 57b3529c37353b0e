#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_img_conv2d_const");
  const int W = 12, H = 10, n = W * H;  // partial blocks in x and y
  Rng rng(9101);
  std::vector<float> img = rng.vec<float>(n), w = rng.vec<float>(n);
  std::vector<float> filt = rng.vec<float>(9, -0.5, 0.5);
  float bias = 0.2f;
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<float> v = img;
    conv2d_run(filt.data(), v.data(), W, H, bias);
    return dot(w, v);
  };
  std::vector<float> v = img, a_img = w;
  float a_bias = 0;
  CUAD_GRAD(conv2d_run_grad_1_4(filt.data(), v.data(), W, H, bias, a_img.data(), &a_bias));
  check.array("img", a_img, fd(img, loss));
  check.scalar("bias", a_bias, fd(bias, loss));
#else
  cudaMemcpyToSymbol(c_filter, filt.data(), 9 * sizeof(float));
  std::vector<float> out0 = rng.vec<float>(n);
  dim3 block(8, 8), grid(2, 2);
  auto loss = [&] {
    DeviceArray<float> d_in(img), d_out(out0);
    CUAD_LAUNCH(conv2d_tile, grid, block, d_in.ptr, d_out.ptr, W, H, bias);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_in(img), d_out(out0), a_in(zeros<float>(n)), a_out(w);
  DeviceScalar<float> a_bias;
  CUAD_GRAD(CUAD_LAUNCH(conv2d_tile_grad_0_1_4, grid, block, d_in.ptr, d_out.ptr, W, H, bias,
                        a_in.ptr, a_out.ptr, a_bias.ptr));
  check.array("in", a_in.get(), fd(img, loss));
  check.array("out", a_out.get(), std::vector<double>(n, 0.0));
  check.scalar("bias", a_bias.value(), fd(bias, loss));
#endif
  return check.finish();
}
