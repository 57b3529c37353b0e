#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_advect3d_periodic");
  Rng rng(24501);
  const int nx = 4, ny = 5, nz = 3, n = nx * ny * nz, nsteps = 3;
  const float dx = 0.5f, cfl = 0.3f;
  float kappa = 0.05f;
  std::vector<float> c0 = rng.vec<float>(n, 0.0, 2.0), vel(3 * n);
  for (auto& v : vel) {
    const double a = rng.uniform(0.2, 1.0);
    v = (float)(rng.uniform(0.0, 1.0) < 0.5 ? -a : a);  // |u| >= 0.2: upwind side fixed
  }
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    std::vector<float> out(n);
    advect3d_run(c0.data(), vel.data(), kappa, dx, cfl, nx, ny, nz, nsteps, out.data());
    return dot(w, out);
  };
  std::vector<float> out(n), gc(n, 0.0f), gout = w;
  float gk = 0.0f;
  CUAD_GRAD(advect3d_run_grad_0_2_9(c0.data(), vel.data(), kappa, dx, cfl, nx, ny, nz, nsteps,
                                    out.data(), gc.data(), &gk, gout.data()));
  check.array("c0", gc, fd(c0, loss));
  check.scalar("kappa", gk, fd(kappa, loss));
  check.array("c_out", gout, zeros<double>(n));
  return check.finish();
}
