#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_sample_convsep");
  const int W = 20, H = 11, N = W * H;  // 2 x 2 blocks, partial on both axes
  Rng rng(1305);
  std::vector<float> src = rng.vec<float>(N, 0.0, 2.0), w = rng.vec<float>(N);
  std::vector<float> kern = {0.1f, 0.2f, 0.4f, 0.2f, 0.1f};
  auto loss = [&] {
    std::vector<float> dst(N);
    convolutionSeparable(dst.data(), src.data(), kern.data(), W, H);
    return dot(w, dst);
  };
  std::vector<float> dst(N), adst = w, asrc(N, 0.0f);
  CUAD_GRAD(convolutionSeparable_grad_0_1(dst.data(), src.data(), kern.data(), W, H, adst.data(),
                                          asrc.data()));
  check.array("h_Src", asrc, fd(src, loss));
  return check.finish();
}
