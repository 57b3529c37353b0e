#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_stencil_gather");
  const int nx = 9, ny = 7, n = nx * ny, steps = 3;
  Rng rng(121);
  std::vector<double> u = rng.vec(n, 0.2, 0.9), w = rng.vec(n);
  double k = 0.07;
  auto loss = [&] {
    DeviceArray<double> d_u(u);
    diffuse(d_u.ptr, k, nx, ny, steps);
    return dot(w, d_u.get());
  };
  DeviceArray<double> d_u(u), a_u(w);
#if CUAD_OUTPUT == 1
  double a_k = 0.0;
  CUAD_GRAD(diffuse_grad_0_1(d_u.ptr, k, nx, ny, steps, a_u.ptr, &a_k));
  check.scalar("k", a_k, fd(k, loss));
#else
  CUAD_GRAD(diffuse_grad_0(d_u.ptr, k, nx, ny, steps, a_u.ptr));
#endif
  check.array("u", a_u.get(), fd(u, loss));
  return check.finish();
}
