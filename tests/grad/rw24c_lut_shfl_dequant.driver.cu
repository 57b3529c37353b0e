#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_lut_shfl_dequant");
  Rng rng(24321);
  const int rows = 5, cols = 45;  // two column passes, the second partial
  std::vector<uint8_t> codes(rows * cols);
  for (auto& c : codes) c = (uint8_t)(rng.next() % 12) * 2 + (rng.next() % 2 ? 32 : 0);  // 12 distinct even codes, high bits set
  std::vector<float> cb = rng.vec<float>(32), sc = rng.vec<float>(rows, 0.5, 1.5), x = rng.vec<float>(cols),
                     y = rng.vec<float>(rows);
  auto run = [&](const std::vector<float>& c, const std::vector<float>& s, const std::vector<float>& xv,
                 const std::vector<float>& yv) {
    DeviceArray<uint8_t> dc(codes);
    DeviceArray<float> dcb(c), ds(s), dx(xv), dy(yv);
    CUAD_LAUNCH(lut_dequant_matvec, 3, 64, dc.ptr, dcb.ptr, ds.ptr, dx.ptr, dy.ptr, rows, cols);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(rows);
  auto loss = [&] { return dot(w, run(cb, sc, x, y)); };
  DeviceArray<uint8_t> dc(codes);
  DeviceArray<float> dcb(cb), ds(sc), dx(x), dy(y), gcb(zeros<float>(32)), gs(zeros<float>(rows)),
      gx(zeros<float>(cols)), gy(w);
  CUAD_GRAD(CUAD_LAUNCH(lut_dequant_matvec_grad_1_2_3_4, 3, 64, dc.ptr, dcb.ptr, ds.ptr, dx.ptr, dy.ptr, rows, cols,
                        gcb.ptr, gs.ptr, gx.ptr, gy.ptr));
  check.array("codebook", gcb.get(), fd(cb, loss));
  check.array("scales", gs.get(), fd(sc, loss));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), fd(y, loss));
#else
  const std::vector<float> vc = rng.vec<float>(32), vs = rng.vec<float>(rows), vx = rng.vec<float>(cols),
                           vy = rng.vec<float>(rows);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(cb, t, vc), along(sc, t, vs), along(x, t, vx), along(y, t, vy)));
  };
  DeviceArray<uint8_t> dc(codes);
  DeviceArray<float> dcb(cb), ds(sc), dx(x), dy(y), tc(vc), ts(vs), tx(vx), ty(vy);
  CUAD_GRAD(CUAD_LAUNCH(lut_dequant_matvec_pushforward, 3, 64, dc.ptr, dcb.ptr, ds.ptr, dx.ptr, dy.ptr, rows, cols,
                        tc.ptr, ts.ptr, tx.ptr, ty.ptr));
  check.array("y tangent", as_doubles(ty.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
