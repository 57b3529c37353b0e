#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_rows_gather");
  const int nx = 7, ny = 9, n = nx * ny, steps = 2;
  Rng rng(47);
  std::vector<double> u = rng.vec(n, -1.0, 1.0), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_u(u);
    blend(d_u.ptr, nx, ny, steps);
    return dot(w, d_u.get());
  };
  DeviceArray<double> d_u(u), a_u(w);
  CUAD_GRAD(blend_grad_0(d_u.ptr, nx, ny, steps, a_u.ptr));
  check.array("u", a_u.get(), fd(u, loss));
  return check.finish();
}
