#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22a_transpose_softplus");
  const int width = 21, height = 19;  // 2 x 2 tiles, the last ones partial in both directions
  const int n = width * height;
  Rng rng(22102);
  std::vector<double> in = rng.vec(n, -2.0, 2.0), bias = rng.vec(width, -0.5, 0.5);
  dim3 block(TILE_DIM, BLOCK_ROWS),
      grid((width + TILE_DIM - 1) / TILE_DIM, (height + TILE_DIM - 1) / TILE_DIM);
  auto run = [&](const std::vector<double>& x, const std::vector<double>& b) {
    DeviceArray<double> di(x), db(b), dout(n, 0.0);
    CUAD_LAUNCH(transposeSoftplus, grid, block, dout.ptr, di.ptr, db.ptr, width, height);
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(in, bias)); };
  DeviceArray<double> di(in), db(bias), dout(n, 0.0), ai(zeros<double>(n)),
      ab(zeros<double>(width)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(transposeSoftplus_grad_0_1_2, grid, block, dout.ptr, di.ptr, db.ptr, width,
                        height, aout.ptr, ai.ptr, ab.ptr));
  check.array("idata", ai.get(), fd(in, loss));
  check.array("bias", ab.get(), fd(bias, loss));
  check.array("odata", aout.get(), zeros<double>(n));
#else
  std::vector<double> vi = rng.vec(n), vb = rng.vec(width);
  auto outputs_at = [&](double t) { return run(along(in, t, vi), along(bias, t, vb)); };
  DeviceArray<double> di(in), db(bias), dout(n, 0.0), ti(vi), tb(vb), tout(n, 7.0);
  CUAD_GRAD(CUAD_LAUNCH(transposeSoftplus_pushforward, grid, block, dout.ptr, di.ptr, db.ptr,
                        width, height, tout.ptr, ti.ptr, tb.ptr));
  check.array("odata tangent", tout.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("odata value", dout.get(), run(in, bias));
#endif
#endif
  return check.finish();
}
