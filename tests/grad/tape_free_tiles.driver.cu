#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 3
#define KERNEL tile_rows
#define GRADIENT tile_rows_grad_0_1
constexpr int n = 128, width = D;  // 8 tiles of 16 rows
#else
#define KERNEL tile_energy
#define GRADIENT tile_energy_grad_0_1
constexpr int n = 320, width = 1;  // 20 tiles of 16
#endif

int main() {
  Checker check("tape_free_tiles");
  Rng rng(91);
  std::vector<double> x = rng.vec<double>(n * width, -1.0, 1.0), out = rng.vec<double>(n),
                     w = rng.vec<double>(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x);
    CUAD_LAUNCH(KERNEL, n / TILE, TILE, d_out.ptr, d_x.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), a_out(w), a_x(zeros<double>(n * width));
  CUAD_GRAD(CUAD_LAUNCH(GRADIENT, n / TILE, TILE, d_out.ptr, d_x.ptr, n, a_out.ptr,
                        a_x.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
