#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24f_heat2d_idx");
  Rng rng(24001);
  const int nx = 9, ny = 7, n = nx * ny, nsteps = 4;
  const real r = 0.08f;
  std::vector<real> u = rng.vec<real>(n, -1.0, 1.0), kappa = rng.vec<real>(n, 0.5, 1.5);
  const std::vector<real> w = rng.vec<real>(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<real> uc = u;
    heat_solve(uc.data(), kappa.data(), nx, ny, nsteps, r);
    return dot(w, uc);
  };
  std::vector<real> uc = u, gu = w, gk(n, 0.0f);
  CUAD_GRAD(heat_solve_grad_0_1(uc.data(), kappa.data(), nx, ny, nsteps, r, gu.data(), gk.data()));
  check.array("u", gu, fd(u, loss));
  check.array("kappa", gk, fd(kappa, loss));
#else
  auto run = [&](const std::vector<real>& uo, const std::vector<real>& k) {
    DeviceArray<real> d_u(uo), d_k(k), d_n(zeros<real>(n));
    CUAD_LAUNCH(heat_step, 1, 32, d_u.ptr, d_k.ptr, d_n.ptr, (unsigned)nx, (unsigned)ny, r);
    return d_n.get();
  };
  auto loss = [&] { return dot(w, run(u, kappa)); };
  DeviceArray<real> d_u(u), d_k(kappa), d_n(zeros<real>(n)), g_u(zeros<real>(n)), g_k(zeros<real>(n)),
      g_n(w);
  CUAD_GRAD(CUAD_LAUNCH(heat_step_grad_0_1_2, 1, 32, d_u.ptr, d_k.ptr, d_n.ptr, (unsigned)nx,
                        (unsigned)ny, r, g_u.ptr, g_k.ptr, g_n.ptr));
  check.array("u_old", g_u.get(), fd(u, loss));
  check.array("kappa", g_k.get(), fd(kappa, loss));
  check.array("u_new", g_n.get(), zeros<double>(n));
#endif
  return check.finish();
}
