#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rd_pathfinder");
  const int rows = 9, cols = 100, pyramid = 3;  // launches of 3, 3 and 2 rows
  Rng rng(909);
  std::vector<double> wall = rng.vec(rows * cols, 0.0, 10.0);
#if CUAD_OUTPUT == 1
  std::vector<double> res0 = rng.vec(cols);
  const std::vector<double> w = rng.vec(cols);
  auto loss = [&] {
    std::vector<double> r = res0;
    pathfinder_run(wall.data(), r.data(), rows, cols, pyramid);
    return dot(w, r);
  };
  std::vector<double> r = res0, a_wall(rows * cols, 0.0), a_r = w;
  CUAD_GRAD(pathfinder_run_grad_0_1(wall.data(), r.data(), rows, cols, pyramid, a_wall.data(),
                                    a_r.data()));
  check.array("wall", a_wall, fd(wall, loss));
  check.array("result", a_r, fd(res0, loss));
#else
  // one launch of 3 rows starting at row 2 of the wall (gpuWall = the rows after the first)
  const int it = 3, start = 2, border = it;
  const int blocks = (cols + BLOCK_SIZE - 2 * it - 1) / (BLOCK_SIZE - 2 * it);
  std::vector<double> gw(wall.begin() + cols, wall.end()), src = rng.vec(cols, 0.0, 5.0),
      dst0 = rng.vec(cols);
  const std::vector<double> w = rng.vec(cols);
  auto loss = [&] {
    DeviceArray<double> dw(gw), ds(src), dd(dst0);
    CUAD_LAUNCH(dynproc_kernel, blocks, BLOCK_SIZE, it, dw.ptr, ds.ptr, dd.ptr, cols, rows, start,
                border);
    return dot(w, dd.get());
  };
  DeviceArray<double> dw(gw), ds(src), dd(dst0), aw(zeros<double>(gw.size())),
      as(zeros<double>(cols)), ad(w);
  CUAD_GRAD(CUAD_LAUNCH(dynproc_kernel_grad_1_2_3, blocks, BLOCK_SIZE, it, dw.ptr, ds.ptr, dd.ptr,
                        cols, rows, start, border, aw.ptr, as.ptr, ad.ptr));
  check.array("gpuWall", aw.get(), fd(gw, loss));
  check.array("gpuSrc", as.get(), fd(src, loss));
  check.array("gpuResults", ad.get(), fd(dst0, loss));
#endif
  return check.finish();
}
