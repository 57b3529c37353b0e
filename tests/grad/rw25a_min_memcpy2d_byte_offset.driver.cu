#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_min_memcpy2d_byte_offset");
  Rng rng(25991);
  const int nx = 7, nz = 5, x0 = 2, z0 = 1, wx = 4, wz = 3;
  std::vector<double> x = rng.vec(nx * nz);
  const std::vector<double> w = rng.vec(wx * wz);
  auto loss = [&] {
    std::vector<double> out(wx * wz, 0.0);
    window(x.data(), nx, nz, x0, z0, wx, wz, out.data());
    return dot(w, out);
  };
  std::vector<double> out(wx * wz, 0.0), gx(nx * nz, 0.0), go = w;
  CUAD_GRAD(window_grad_0_7(x.data(), nx, nz, x0, z0, wx, wz, out.data(), gx.data(), go.data()));
  check.array("x", gx, fd(x, loss));
  check.array("out", go, zeros<double>(wx * wz));
  return check.finish();
}
