#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw7_tonemap_host");
  const int w = 13, h = 6;  // partial blocks in both directions
  Rng rng(7006);
  std::vector<float> img(w * h), out = rng.vec<float>(w * h), wt = rng.vec<float>(w * h);
  // distinct values (no max/min ties within a row pair), small enough that no output saturates
  for (int i = 0; i < w * h; ++i) img[i] = 0.05f + 0.011f * ((i * 37) % (w * h));
  float exposure = 0.9f;
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<float> o(w * h);
    tonemap(img.data(), exposure, o.data(), w, h);
    return dot(wt, o);
  };
  std::vector<float> a_img = zeros<float>(w * h), a_out = wt;
  float a_exp = 0;
  CUAD_GRAD(tonemap_grad_0_1_2(img.data(), exposure, out.data(), w, h, a_img.data(), &a_exp,
                               a_out.data()));
  check.array("img", a_img, fd(img, loss));
  check.scalar("exposure", a_exp, fd(exposure, loss));
  check.array("out", a_out, fd(out, loss));
#else
  std::vector<float> vi = rng.vec<float>(w * h), vo = rng.vec<float>(w * h);
  const float ve = 0.5f;
  auto outputs_at = [&](double t) {
    std::vector<float> o(w * h);
    tonemap(along(img, t, vi).data(), along(exposure, t, ve), o.data(), w, h);
    return as_doubles(o);
  };
  std::vector<float> t_out = vo;
  CUAD_GRAD(tonemap_pushforward(img.data(), exposure, out.data(), w, h, vi.data(), ve,
                                t_out.data()));
  check.array("out", as_doubles(t_out), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
