#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_vec3_class");
  const int n = 20;
  Rng rng(232);
  std::vector<float> p = rng.vec<float>(3 * n), e = rng.vec<float>(n), w = rng.vec<float>(n);
  float k = 0.8f;
  auto loss = [&] {
    DeviceArray<float> d_e(e), d_p(p);
    CUAD_LAUNCH(spring_energy, 1, 32, d_e.ptr, d_p.ptr, k, n);
    return dot(w, d_e.get());
  };
  DeviceArray<float> d_e(e), d_p(p), a_e(w), a_p(zeros<float>(3 * n));
  DeviceScalar<float> a_k;
  CUAD_GRAD(CUAD_LAUNCH(spring_energy_grad_0_1_2, 1, 32, d_e.ptr, d_p.ptr, k, n, a_e.ptr, a_p.ptr,
                        a_k.ptr));
  check.array("e", a_e.get(), fd(e, loss));
  check.array("p", a_p.get(), fd(p, loss));
  check.scalar("k", a_k.value(), fd(k, loss));
  return check.finish();
}
