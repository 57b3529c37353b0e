#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21a_blur_edges");
  Rng rng(21004);
  const int w = 21, h = 13, n = w * h;  // partial 16x16 tiles
  std::vector<float> img = rng.vec<float>(n, 0.0, 1.0);
  float sigma = 1.1f;
  const std::vector<double> wt = rng.vec(n);
  auto loss = [&] {
    std::vector<float> out(n, 0.0f);
    edge_response(img.data(), sigma, out.data(), w, h);
    return dot(wt, out);
  };
  std::vector<float> out(n, 0.0f), gimg(n, 0.0f), gout(n);
  for (int i = 0; i < n; ++i) gout[i] = (float)wt[i];
  float gsigma = 0.0f;
  CUAD_GRAD(edge_response_grad_0_1_2(img.data(), sigma, out.data(), w, h, gimg.data(), &gsigma,
                                     gout.data()));
  check.array("img", gimg, fd(img, loss));
  check.scalar("sigma", gsigma, fd(sigma, loss));
  check.array("out", gout, std::vector<double>(n, 0.0));
  return check.finish();
}
