#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("warprow_rowscale");
  Rng rng(813);
#if CUAD_OUTPUT == 1
  // 7 rows, blocks of 3 warps (3 blocks): the last block has one row; C = 40.
  const int N = 7, C = 40, block = 96, grid = (N + 2) / 3;
  std::vector<float> x = rng.vec<float>(N * C), out = rng.vec<float>(N), w = rng.vec<float>(N);
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_x(x);
    CUAD_LAUNCH(row_sum, grid, block, d_out.ptr, d_x.ptr, N, C);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_x(x), a_out(w), a_x(zeros<float>(N * C));
  CUAD_GRAD(CUAD_LAUNCH(row_sum_grad_0_1, grid, block, d_out.ptr, d_x.ptr, N, C, a_out.ptr, a_x.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
#else
  // 5 rows over blocks of 48 threads (4 blocks): warps and rows straddle blocks; C = 37.
  const int N = 5, C = 37, block = 48, grid = (N * 32 + block - 1) / block;
  std::vector<float> x = rng.vec<float>(N * C), scale = rng.vec<float>(N), bias = rng.vec<float>(C),
                     y = rng.vec<float>(N * C), w = rng.vec<float>(N * C);
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_x(x), d_s(scale), d_b(bias);
    CUAD_LAUNCH(row_scale, grid, block, d_y.ptr, d_x.ptr, d_s.ptr, d_b.ptr, N, C);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_y(y), d_x(x), d_s(scale), d_b(bias), a_y(w), a_x(zeros<float>(N * C)),
      a_s(zeros<float>(N)), a_b(zeros<float>(C));
  CUAD_GRAD(CUAD_LAUNCH(row_scale_grad_0_1_2_3, grid, block, d_y.ptr, d_x.ptr, d_s.ptr, d_b.ptr, N,
                        C, a_y.ptr, a_x.ptr, a_s.ptr, a_b.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("scale", a_s.get(), fd(scale, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
#endif
  return check.finish();
}
