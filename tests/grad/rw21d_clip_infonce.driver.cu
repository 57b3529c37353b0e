#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21d_clip_infonce");
  Rng rng(21408);
  const int n = 6, d = 8;  // 6 rows: the second normalisation block has two idle warps
  std::vector<float> img = rng.vec<float>(n * d), txt = rng.vec<float>(n * d);
  float logit_scale = 1.2f;  // exp(1.2) ~ 3.3
  auto loss = [&] { return clip_loss(img.data(), txt.data(), &logit_scale, n, d); };
  std::vector<float> a_img = zeros<float>(n * d), a_txt = zeros<float>(n * d);
  float a_scale = 0.0f;
  CUAD_GRAD(clip_loss_grad_0_1_2(img.data(), txt.data(), &logit_scale, n, d, a_img.data(), a_txt.data(),
                           &a_scale));
  check.array("img_emb", a_img, fd(img, loss));
  check.array("txt_emb", a_txt, fd(txt, loss));
  check.scalar("logit_scale", a_scale, fd(logit_scale, loss));
  return check.finish();
}
