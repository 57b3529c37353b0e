#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rd_lud");
  const int dim = 24;  // three block steps of 8
  Rng rng(3141);
  std::vector<float> m = rng.vec<float>(dim * dim, -0.5, 0.5);
  for (int i = 0; i < dim; ++i) m[i * dim + i] += 4.0f;  // diagonally dominant: no pivoting
  const std::vector<float> w = rng.vec<float>(dim * dim);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<float> a = m;
    lud_cuda(a.data(), dim);
    return dot(w, a);
  };
  std::vector<float> a = m, a_m = w;
  CUAD_GRAD(lud_cuda_grad_0(a.data(), dim, a_m.data()));
  check.array("m", a_m, fd(m, loss));
#else
  const int offset = 8;  // the second step: a 2 x 2 grid of trailing tiles
  const dim3 grid((dim - offset) / 8 - 1, (dim - offset) / 8 - 1), block(8, 8);
  auto loss = [&] {
    DeviceArray<float> dm(m);
    CUAD_LAUNCH(lud_internal, grid, block, dm.ptr, dim, offset);
    return dot(w, dm.get());
  };
  DeviceArray<float> dm(m), am(w);
  CUAD_GRAD(CUAD_LAUNCH(lud_internal_grad_0, grid, block, dm.ptr, dim, offset, am.ptr));
  check.array("m", am.get(), fd(m, loss));
#endif
  return check.finish();
}
