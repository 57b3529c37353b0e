#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_eos_switch");
  const int n = 80;
  Rng rng(514);
  std::vector<int> mat(n);
  for (int i = 0; i < n; ++i) mat[i] = (i * 7) % 5;  // 3 and 4 hit default
  std::vector<double> rho = rng.vec(n, 0.8, 1.5), e = rng.vec(n, 1.0, 2.0),
                      gam = rng.vec(n, 1.3, 1.7), p = rng.vec(n), w = rng.vec(n);
  DeviceArray<int> d_mat(mat);
  auto loss = [&] {
    DeviceArray<double> d_p(p), d_r(rho), d_e(e), d_g(gam);
    CUAD_LAUNCH(material_pressure, 3, 32, d_p.ptr, d_mat.ptr, d_r.ptr, d_e.ptr, d_g.ptr, n);
    return dot(w, d_p.get());
  };
  DeviceArray<double> d_p(p), d_r(rho), d_e(e), d_g(gam), a_p(w), a_r(zeros<double>(n)),
      a_e(zeros<double>(n)), a_g(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(material_pressure_grad_0_2_3_4, 3, 32, d_p.ptr, d_mat.ptr, d_r.ptr, d_e.ptr,
                        d_g.ptr, n, a_p.ptr, a_r.ptr, a_e.ptr, a_g.ptr));
  check.array("p", a_p.get(), fd(p, loss));
  check.array("rho", a_r.get(), fd(rho, loss));
  check.array("e", a_e.get(), fd(e, loss));
  check.array("gam", a_g.get(), fd(gam, loss));
  return check.finish();
}
