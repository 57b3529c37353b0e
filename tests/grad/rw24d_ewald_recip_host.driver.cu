#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_ewald_recip_host");
  Rng rng(24107);
  const int n = 20, kmax = 3;
  const float L = 6.0f;
  float alpha = 0.75f;
  std::vector<float> xyzq(4 * n);
  for (int i = 0; i < n; ++i) {
    for (int d = 0; d < 3; ++d) xyzq[4 * i + d] = (float)rng.uniform(-L / 2, L / 2);
    xyzq[4 * i + 3] = (float)((i % 2 ? 1.0 : -1.0) * rng.uniform(0.6, 1.0));
  }
  const std::vector<float> wf = rng.vec<float>(3 * n);
  auto loss = [&] {
    std::vector<float> f(3 * n, 0.0f);
    const float e = ewald_reciprocal(xyzq.data(), n, L, alpha, kmax, f.data());
    return (double)e + dot(wf, f);
  };
  std::printf("loss %.6f\n", loss());
  std::vector<float> f(3 * n, 0.0f), g_x(4 * n, 0.0f), g_f = wf;
  float g_a = 0.0f;
  CUAD_GRAD(ewald_reciprocal_grad_0_3_5(xyzq.data(), n, L, alpha, kmax, f.data(), g_x.data(), &g_a, g_f.data()));
  check.array("xyzq", g_x, fd(xyzq, loss));
  check.scalar("alpha", g_a, fd(alpha, loss));
  check.array("force_out", g_f, zeros<double>(3 * n));
  return check.finish();
}
