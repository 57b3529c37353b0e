#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 5 rows, blocks of 2 warps (3 blocks): the last block's second warp has no row; C = 70 leaves
// the lane loops a partial last round.
int main() {
  Checker check("warprow_softmax");
  Rng rng(812);
  const int N = 5, C = 70, block = 64, grid = (N * 32 + block - 1) / block;
  std::vector<float> inp = rng.vec<float>(N * C, -2.0, 2.0), out = rng.vec<float>(N * C),
                     w = rng.vec<float>(N * C);
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_inp(inp);
    CUAD_LAUNCH(softmax_rows, grid, block, d_out.ptr, d_inp.ptr, N, C);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_inp(inp), a_out(w), a_inp(zeros<float>(N * C));
  CUAD_GRAD(CUAD_LAUNCH(softmax_rows_grad_0_1, grid, block, d_out.ptr, d_inp.ptr, N, C, a_out.ptr,
                        a_inp.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("inp", a_inp.get(), fd(inp, loss));
  return check.finish();
}
