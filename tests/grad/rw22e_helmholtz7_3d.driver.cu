#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22e_helmholtz7_3d");
  const int nx = 7, ny = 6, nz = 5, n = nx * ny * nz;
  const double inv_h2 = 1.0 / (0.5 * 0.5);
  Rng rng(22507);
  std::vector<double> u = rng.vec(n), rhs = rng.vec(n), Au = rng.vec(n);
  double alpha = 1.3, beta = 0.2, r0 = 0.25;
  dim3 block(4, 4, 2), grid((nx + 3) / 4, (ny + 3) / 4, (nz + 1) / 2);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  const double wr = 0.4;
  auto loss = [&] {
    DeviceArray<double> du(u), dr(rhs), da(Au);
    DeviceScalar<double> dn(r0);
    CUAD_LAUNCH(helmholtz7_residual, grid, block, du.ptr, dr.ptr, da.ptr, dn.ptr, alpha, beta,
                inv_h2, nx, ny, nz);
    return dot(w, da.get()) + wr * dn.value();
  };
  DeviceArray<double> du(u), dr(rhs), da(Au), gu(zeros<double>(n)), gr(zeros<double>(n)), ga(w);
  DeviceScalar<double> dn(r0), gn(wr), galpha(0.0), gbeta(0.0);
  CUAD_GRAD(CUAD_LAUNCH(helmholtz7_residual_grad_0_1_2_3_4_5, grid, block, du.ptr, dr.ptr, da.ptr,
                        dn.ptr, alpha, beta, inv_h2, nx, ny, nz, gu.ptr, gr.ptr, ga.ptr, gn.ptr,
                        galpha.ptr, gbeta.ptr));
  check.array("u", gu.get(), fd(u, loss));
  check.array("rhs", gr.get(), fd(rhs, loss));
  check.array("Au", ga.get(), fd(Au, loss));
  check.scalar("rnorm2", gn.value(), fd(r0, loss));
  check.scalar("alpha", galpha.value(), fd(alpha, loss));
  check.scalar("beta", gbeta.value(), fd(beta, loss));
#else
  const std::vector<double> tu = rng.vec(n), tr = rng.vec(n), ta = rng.vec(n);
  const double talpha = 0.3, tbeta = -0.5, tih = 0.7, tn = 0.2;
  auto outputs_at = [&](double t) {
    DeviceArray<double> du(along(u, t, tu)), dr(along(rhs, t, tr)), da(along(Au, t, ta));
    DeviceScalar<double> dn(along(r0, t, tn));
    CUAD_LAUNCH(helmholtz7_residual, grid, block, du.ptr, dr.ptr, da.ptr, dn.ptr,
                along(alpha, t, talpha), along(beta, t, tbeta), along(inv_h2, t, tih), nx, ny, nz);
    std::vector<double> o = da.get();
    o.push_back(dn.value());
    return o;
  };
  DeviceArray<double> du(u), dr(rhs), da(Au), d_u(tu), d_r(tr), d_a(ta);
  DeviceScalar<double> dn(r0), d_n(tn);
  CUAD_GRAD(CUAD_LAUNCH(helmholtz7_residual_pushforward, grid, block, du.ptr, dr.ptr, da.ptr, dn.ptr,
                        alpha, beta, inv_h2, nx, ny, nz, d_u.ptr, d_r.ptr, d_a.ptr, d_n.ptr, talpha,
                        tbeta, tih));
  std::vector<double> tang = d_a.get();
  tang.push_back(d_n.value());
  check.array("Au, rnorm2 tangent", tang, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
