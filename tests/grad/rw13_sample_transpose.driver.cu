#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_sample_transpose");
  const int width = 40, height = 35;  // 2 x 2 tiles, partial on both axes
  const int N = width * height;
  Rng rng(1303);
  std::vector<double> in = rng.vec(N), w = rng.vec(N);
  double alpha = 0.8;
  dim3 grid((width + TILE_DIM - 1) / TILE_DIM, (height + TILE_DIM - 1) / TILE_DIM);
  dim3 block(TILE_DIM, BLOCK_ROWS);
  auto loss = [&] {
    DeviceArray<double> di(in), dout(N, 0.0);
    CUAD_LAUNCH(transposeScale, grid, block, dout.ptr, di.ptr, alpha, width, height);
    return dot(w, dout.get());
  };
  DeviceArray<double> di(in), dout(N, 0.0), ai(zeros<double>(N)), aout(w);
  DeviceScalar<double> aa(0.0);
  CUAD_GRAD(CUAD_LAUNCH(transposeScale_grad_0_1_2, grid, block, dout.ptr, di.ptr, alpha, width, height,
                        aout.ptr, ai.ptr, aa.ptr));
  check.array("idata", ai.get(), fd(in, loss));
  check.scalar("alpha", aa.value(), fd(alpha, loss));
  check.array("odata (consumed)", aout.get(), zeros<double>(N));
  return check.finish();
}
