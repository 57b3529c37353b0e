#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_img_fir_xcorr");
  Rng rng(9606);
#if CUAD_OUTPUT == 1
  const int n = 50, T = 7, block = 16, grid = (n + block - 1) / block;
  const size_t smem = (block + T - 1) * sizeof(float);
  std::vector<float> x = rng.vec<float>(n), h = rng.vec<float>(T, -0.6, 0.6), y0 = rng.vec<float>(n),
                     w = rng.vec<float>(n);
  float drive = 1.5f;
  auto loss = [&] {
    DeviceArray<float> dx(x), dh(h), dy(y0);
    CUAD_LAUNCH_SHARED(fir_tile<7>, grid, block, smem, dx.ptr, dh.ptr, dy.ptr, n, drive);
    return dot(w, dy.get());
  };
  DeviceArray<float> dx(x), dh(h), dy(y0), ax(zeros<float>(n)), ah(zeros<float>(T)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(fir_tile_grad_0_1_2<7>, grid, block, 2 * smem, dx.ptr, dh.ptr,
                               dy.ptr, n, drive, ax.ptr, ah.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("h", ah.get(), fd(h, loss));
  check.array("y", ay.get(), std::vector<double>(n, 0.0));
#else
  const int n = 40, maxlag = 5, nl = 2 * maxlag + 1;
  std::vector<float> a = rng.vec<float>(n), b = rng.vec<float>(n), r0 = rng.vec<float>(nl),
                     w = rng.vec<float>(nl);
  auto loss = [&] {
    DeviceArray<float> da(a), db(b), dr(r0);
    CUAD_LAUNCH(xcorr, nl, 16, da.ptr, db.ptr, dr.ptr, n, maxlag);
    return dot(w, dr.get());
  };
  DeviceArray<float> da(a), db(b), dr(r0), aa(zeros<float>(n)), ab(zeros<float>(n)), ar(w);
  CUAD_GRAD(CUAD_LAUNCH(xcorr_grad_0_1_2, nl, 16, da.ptr, db.ptr, dr.ptr, n, maxlag, aa.ptr,
                        ab.ptr, ar.ptr));
  check.array("a", aa.get(), fd(a, loss));
  check.array("b", ab.get(), fd(b, loss));
  check.array("r", ar.get(), std::vector<double>(nl, 0.0));
#endif
  return check.finish();
}
