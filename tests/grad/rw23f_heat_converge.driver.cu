#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_heat_converge");
  Rng rng(23613);
  const int W = 10, H = 9;
  std::vector<float> img = rng.vec<float>(W * H, 0.0, 1.0);
  float kappa = 0.4f;
  const float dt = 0.15f, tol = 0.05f;
  const int max_iters = 12;
  const std::vector<float> w = rng.vec<float>(W * H);
  // report how many iterations run (the stopping test must not flip under the FD steps)
  {
    std::vector<float> o(W * H);
    float e = anisotropic_diffuse(img.data(), o.data(), W, H, kappa, dt, tol, max_iters);
    std::printf("energy %f\n", e);
  }
  auto loss = [&] {
    std::vector<float> o(W * H);
    const float e = anisotropic_diffuse(img.data(), o.data(), W, H, kappa, dt, tol, max_iters);
    return (double)e + dot(w, o);
  };
  std::vector<float> o(W * H, 0.0f), g_img(W * H, 0.0f), g_o = w;
  float g_k = 0.0f;
  CUAD_GRAD(anisotropic_diffuse_grad_0_1_4(img.data(), o.data(), W, H, kappa, dt, tol, max_iters, g_img.data(),
                                           g_o.data(), &g_k));
  check.array("img", g_img, fd(img, loss));
  check.scalar("kappa", g_k, fd(kappa, loss));
  check.array("out", g_o, zeros<double>(W * H));
  return check.finish();
}
