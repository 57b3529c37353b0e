#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd3_smem_halo");
  const int n = 150;  // 3 blocks, the last one partly past the end
  Rng rng(305);
  std::vector<float> u = rng.vec<float>(n), vu = rng.vec<float>(n);
  float c = 0.3f, vc = -0.6f;
  auto outputs_at = [&](double t) {
    DeviceArray<float> du(along(u, t, vu)), dv(zeros<float>(n)), de(zeros<float>(1)), db(zeros<float>(4));
    CUAD_LAUNCH(stencil_energy, 3, 64, n, du.ptr, along(c, t, vc), dv.ptr, de.ptr, db.ptr);
    std::vector<double> out = as_doubles(dv.get());
    for (float e : de.get()) out.push_back(e);
    for (float b : db.get()) out.push_back(b);
    return out;
  };
  DeviceArray<float> du(u), d_u(vu), dv(zeros<float>(n)), d_v(zeros<float>(n)), de(zeros<float>(1)),
      d_e(zeros<float>(1)), db(zeros<float>(4)), d_b(zeros<float>(4));
  CUAD_GRAD(CUAD_LAUNCH(stencil_energy_pushforward, 3, 64, n, du.ptr, c, dv.ptr, de.ptr, db.ptr, d_u.ptr,
                        vc, d_v.ptr, d_e.ptr, d_b.ptr));
  std::vector<double> got = as_doubles(d_v.get());
  for (float e : d_e.get()) got.push_back(e);
  for (float b : d_b.get()) got.push_back(b);
  check.array("v, energy, bins", got, directional_fd<float>(outputs_at), default_tol<float>());
  return check.finish();
}
