#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw6_first_hit");
  const int ns = 5, nr = 40;  // 200 (ray, sphere) threads in 4 blocks of 64
  Rng rng(6068);
  std::vector<double> spheres;
  for (int s = 0; s < ns; ++s) {
    spheres.push_back(rng.uniform(-1.0, 1.0));        // cx
    spheres.push_back(rng.uniform(-1.0, 1.0));        // cy
    spheres.push_back(3.0 + 1.7 * s);                 // cz: well separated in depth
    spheres.push_back(rng.uniform(0.6, 0.9));         // r
  }
  std::vector<double> rays;
  for (int r = 0; r < nr; ++r) {
    rays.push_back(rng.uniform(-1.5, 1.5));
    rays.push_back(rng.uniform(-1.5, 1.5));
    rays.push_back(0.0);
  }
  // keep every ray away from grazing a sphere (a kink where it starts or stops hitting)
  for (int r = 0; r < nr; ++r)
    for (int s = 0; s < ns; ++s) {
      const double dx = spheres[4 * s] - rays[3 * r], dy = spheres[4 * s + 1] - rays[3 * r + 1];
      const double g = std::sqrt(dx * dx + dy * dy) - spheres[4 * s + 3];
      if (std::fabs(g) < 0.05) rays[3 * r] += 0.1;
    }
  std::vector<double> img0 = zeros<double>(nr), w = rng.vec<double>(nr);
  auto run = [&](const std::vector<double>& sv) {
    std::vector<double> img(nr);
    render(sv.data(), rays.data(), img.data(), nr, ns);
    return img;
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(spheres)); };
  std::vector<double> a_s = zeros<double>(4 * ns), a_img = w, img = img0;
  CUAD_GRAD(render_grad_0_2(spheres.data(), rays.data(), img.data(), nr, ns, a_s.data(),
                            a_img.data()));
  check.array("spheres", a_s, fd(spheres, loss));
  check.array("img", a_img, fd(img0, loss));
#else
  std::vector<double> v = rng.vec<double>(4 * ns), t_img = zeros<double>(nr), img = img0;
  auto outputs_at = [&](double t) { return run(along(spheres, t, v)); };
  CUAD_GRAD(render_pushforward_0_2(spheres.data(), rays.data(), img.data(), nr, ns, v.data(),
                                   t_img.data()));
  check.array("img", t_img, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("img value", img, run(spheres));
#endif
#endif
#if !defined(CUAD_SELFTEST)
  int lit = 0;
  for (double p : run(spheres)) lit += p != 0.0;
  check.expect(lit > 5 && lit < nr, "some rays hit, some miss");
#endif
  return check.finish();
}
