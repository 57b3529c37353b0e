#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_matmul_dbuf");
  Rng rng(24309);
  const int M = 19, N = 21, K = 27, BT = 16;
  std::vector<float> X = rng.vec<float>(M * K), W = rng.vec<float>(N * K, -0.4, 0.4), b = rng.vec<float>(N),
                     Y = rng.vec<float>(M * N);
  const dim3 block(8, 8), grid((N + BT - 1) / BT, (M + BT - 1) / BT);
  auto run = [&](const std::vector<float>& x, const std::vector<float>& w, const std::vector<float>& bb,
                 const std::vector<float>& y) {
    DeviceArray<float> dx(x), dw(w), db(bb), dy(y);
    CUAD_LAUNCH((linear_gelu_dbuf<8, 2>), grid, block, dx.ptr, dw.ptr, db.ptr, dy.ptr, M, N, K);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wy = rng.vec<float>(M * N);
  auto loss = [&] { return dot(wy, run(X, W, b, Y)); };
  DeviceArray<float> dx(X), dw(W), db(b), dy(Y), gx(zeros<float>(M * K)), gw(zeros<float>(N * K)),
      gb(zeros<float>(N)), gy(wy);
  CUAD_GRAD(CUAD_LAUNCH((linear_gelu_dbuf_grad_0_1_2_3<8, 2>), grid, block, dx.ptr, dw.ptr, db.ptr, dy.ptr, M, N, K,
                        gx.ptr, gw.ptr, gb.ptr, gy.ptr));
  check.array("X", gx.get(), fd(X, loss));
  check.array("W", gw.get(), fd(W, loss));
  check.array("bias", gb.get(), fd(b, loss));
  check.array("Y", gy.get(), fd(Y, loss));
#else
  const std::vector<float> vx = rng.vec<float>(M * K), vw = rng.vec<float>(N * K), vb = rng.vec<float>(N),
                           vy = rng.vec<float>(M * N);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(X, t, vx), along(W, t, vw), along(b, t, vb), along(Y, t, vy)));
  };
  DeviceArray<float> dx(X), dw(W), db(b), dy(Y), tx(vx), tw(vw), tb(vb), ty(vy);
  CUAD_GRAD(CUAD_LAUNCH((linear_gelu_dbuf_pushforward<8, 2>), grid, block, dx.ptr, dw.ptr, db.ptr, dy.ptr, M, N,
                        K, tx.ptr, tw.ptr, tb.ptr, ty.ptr));
  check.array("Y tangent", as_doubles(ty.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("Y value", dy.get(), as_doubles(run(X, W, b, Y)));
#endif
#endif
  return check.finish();
}
