#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21c_diffuse3d_vark");
  Params p{0.02, 1.0, 0.9, 1.1, 7, 6, 5};
  const int n = p.nx * p.ny * p.nz;
  Rng rng(21032);
  std::vector<double> u = rng.vec(n, 0.2, 1.5), kappa = rng.vec(n, 0.3, 2.0);
  std::vector<int> mat(n);
  for (int c = 0; c < n; ++c) mat[c] = (int)(rng.next() % 3);
  dim3 block(4, 4), grid((p.nx + 3) / 4, (p.ny + 3) / 4);
  auto run = [&](const std::vector<double>& uu, const std::vector<double>& kk) {
    DeviceArray<double> du(uu), dk(kk), dn(zeros<double>(n));
    DeviceArray<int> dm(mat);
    CUAD_LAUNCH(diffuse7, grid, block, du.ptr, dk.ptr, dm.ptr, dn.ptr, p);
    return dn.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(u, kappa)); };
  DeviceArray<double> du(u), dk(kappa), dn(zeros<double>(n)), au(zeros<double>(n)),
      ak(zeros<double>(n)), an(w);
  DeviceArray<int> dm(mat);
  CUAD_GRAD(CUAD_LAUNCH(diffuse7_grad_0_1_3, grid, block, du.ptr, dk.ptr, dm.ptr, dn.ptr, p,
                        au.ptr, ak.ptr, an.ptr));
  check.array("u", au.get(), fd(u, loss));
  check.array("kappa", ak.get(), fd(kappa, loss));
  check.array("un", an.get(), zeros<double>(n));
#else
  std::vector<double> vu = rng.vec(n), vk = rng.vec(n, -0.5, 0.5);
  Params vp{0.3, -0.2, 0.1, 0.25, 0, 0, 0};
  auto outputs_at = [&](double t) {
    Params pt = p;
    pt.dt = along(p.dt, t, vp.dt);
    pt.dx = along(p.dx, t, vp.dx);
    pt.dy = along(p.dy, t, vp.dy);
    pt.dz = along(p.dz, t, vp.dz);
    DeviceArray<double> du(along(u, t, vu)), dk(along(kappa, t, vk)), dn(zeros<double>(n));
    DeviceArray<int> dm(mat);
    CUAD_LAUNCH(diffuse7, grid, block, du.ptr, dk.ptr, dm.ptr, dn.ptr, pt);
    return dn.get();
  };
  DeviceArray<double> du(u), dk(kappa), dn(zeros<double>(n)), tu(vu), tk(vk), tn(n, 7.0);
  DeviceArray<int> dm(mat);
  CUAD_GRAD(CUAD_LAUNCH(diffuse7_pushforward, grid, block, du.ptr, dk.ptr, dm.ptr, dn.ptr, p,
                        tu.ptr, tk.ptr, tn.ptr, vp));
  check.array("un tangent", tn.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("un value", dn.get(), run(u, kappa));
#endif
#endif
  return check.finish();
}
