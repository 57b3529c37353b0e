#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_min_ref_to_ref_field");
  Rng rng(25993);
  const int n = 10;
  std::vector<double> cells = rng.vec(3 * n), coef = rng.vec(n, 0.5, 1.0);
  auto C = [](DeviceArray<double>& a) { return reinterpret_cast<Cell*>(a.ptr); };
  auto run = [&](const std::vector<double>& c0, const std::vector<double>& k0) {
    DeviceArray<double> dc(c0), dk(k0);
    CUAD_LAUNCH(k, 1, 32, C(dc), dk.ptr, n);
    return dc.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(3 * n);
  auto loss = [&] { return dot(w, run(cells, coef)); };
  DeviceArray<double> dc(cells), dk(coef), gc(w), gk(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 1, 32, C(dc), dk.ptr, n, C(gc), gk.ptr));
  check.array("cells", gc.get(), fd(cells, loss));
  check.array("coef", gk.get(), fd(coef, loss));
#else
  const std::vector<double> vc = rng.vec(3 * n), vk = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(cells, t, vc), along(coef, t, vk)); };
  DeviceArray<double> dc(cells), dk(coef), tc(vc), tk(vk);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 32, C(dc), dk.ptr, n, C(tc), tk.ptr));
  check.array("cells tangent", tc.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
