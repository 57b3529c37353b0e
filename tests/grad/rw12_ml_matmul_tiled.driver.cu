#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_ml_matmul_tiled");
  const int M = 13, N = 10, K = 19, TILE = 8;
  const dim3 block(TILE, TILE), grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  Rng rng(12006);
  std::vector<double> A = rng.vec(M * K), Bm = rng.vec(K * N), bias = rng.vec(N),
                      out = zeros<double>(M * N), w = rng.vec(M * N);
  auto loss = [&] {
    DeviceArray<double> o(out), a(A), b(Bm), bb(bias);
    CUAD_LAUNCH(matmul_bias_tiled<8>, grid, block, o.ptr, a.ptr, b.ptr, bb.ptr, M, N, K);
    return dot(w, o.get());
  };
  DeviceArray<double> o(out), a(A), b(Bm), bb(bias), a_o(w), a_a(zeros<double>(M * K)),
      a_b(zeros<double>(K * N)), a_bb(zeros<double>(N));
  CUAD_GRAD(CUAD_LAUNCH(matmul_bias_tiled_grad_0_1_2_3<8>, grid, block, o.ptr, a.ptr, b.ptr,
                        bb.ptr, M, N, K, a_o.ptr, a_a.ptr, a_b.ptr, a_bb.ptr));
  check.array("A", a_a.get(), fd(A, loss));
  check.array("B", a_b.get(), fd(Bm, loss));
  check.array("bias", a_bb.get(), fd(bias, loss));
  check.array("out", a_o.get(), fd(out, loss));
  return check.finish();
}
