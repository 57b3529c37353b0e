#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
constexpr Act kA = Act::Gelu;
#else
constexpr Act kA = Act::Silu;
#endif

int main() {
  Checker check("rw23c_linear_epilogue_traits");
  Rng rng(23315);
  const int M = 20, N = 18, K = 21;  // two tiles each way, partial edges
  std::vector<float> X = rng.vec<float>(M * K), W = rng.vec<float>(N * K, -0.5, 0.5), b = rng.vec<float>(N),
                     Y = rng.vec<float>(M * N);
  const dim3 grid((N + 15) / 16, (M + 15) / 16), block(16, 16);
  auto run = [&](const std::vector<float>& x, const std::vector<float>& w, const std::vector<float>& bb) {
    DeviceArray<float> dx(x), dw(w), db(bb), dy(Y);
    CUAD_LAUNCH((linear_act<kA, 16>), grid, block, dx.ptr, dw.ptr, db.ptr, dy.ptr, M, N, K);
    return dy.get();
  };
  Tol tol{2e-3, 1e-2};
#if CUAD_OUTPUT == 1
  const std::vector<float> wy = rng.vec<float>(M * N);
  auto loss = [&] { return dot(wy, run(X, W, b)); };
  DeviceArray<float> dx(X), dw(W), db(b), dy(Y), ax(zeros<float>(M * K)), aw(zeros<float>(N * K)), ab(zeros<float>(N)),
      ay(wy);
  CUAD_GRAD(CUAD_LAUNCH((linear_act_grad_0_1_2_3<kA, 16>), grid, block, dx.ptr, dw.ptr, db.ptr, dy.ptr, M, N, K, ax.ptr,
                        aw.ptr, ab.ptr, ay.ptr));
  check.array("X", ax.get(), fd(X, loss), tol);
  check.array("W", aw.get(), fd(W, loss), tol);
  check.array("bias", ab.get(), fd(b, loss), tol);
  check.array("Y (only written)", ay.get(), zeros<double>(M * N));
#else
  const std::vector<float> vx = rng.vec<float>(M * K), vw = rng.vec<float>(N * K), vb = rng.vec<float>(N);
  auto outputs_at = [&](double t) { return as_doubles(run(along(X, t, vx), along(W, t, vw), along(b, t, vb))); };
  DeviceArray<float> dx(X), dw(W), db(b), dy(Y), tx(vx), tw(vw), tb(vb), ty(zeros<float>(M * N));
  CUAD_GRAD(CUAD_LAUNCH((linear_act_pushforward<kA, 16>), grid, block, dx.ptr, dw.ptr, db.ptr, dy.ptr, M, N, K,
                        tx.ptr, tw.ptr, tb.ptr, ty.ptr));
  check.array("Y tangent", as_doubles(ty.get()), directional_fd<float>(outputs_at), tol);
#endif
  return check.finish();
}
