#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22a_matmul_partial");
  const int M = 19, N = 17, K = 21;  // 2 x 2 blocks, 2 phases, every tile partial at the edge
  Rng rng(22101);
  std::vector<float> A = rng.vec<float>(M * K), B = rng.vec<float>(K * N),
                     C = rng.vec<float>(M * N);
  float alpha = 0.8f, beta = -0.6f;
  const std::vector<float> w = rng.vec<float>(M * N);
  dim3 block(TILE_WIDTH, TILE_WIDTH), grid((N + TILE_WIDTH - 1) / TILE_WIDTH,
                                            (M + TILE_WIDTH - 1) / TILE_WIDTH);
  auto loss = [&] {
    DeviceArray<float> dA(A), dB(B), dC(C);
    CUAD_LAUNCH(sgemm_tiled, grid, block, dA.ptr, dB.ptr, dC.ptr, M, N, K, alpha, beta);
    return dot(w, dC.get());
  };
  DeviceArray<float> dA(A), dB(B), dC(C), aA(zeros<float>(M * K)), aB(zeros<float>(K * N)), aC(w);
  DeviceScalar<float> aalpha(0.0f), abeta(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(sgemm_tiled_grad_0_1_2_6_7, grid, block, dA.ptr, dB.ptr, dC.ptr, M, N, K,
                        alpha, beta, aA.ptr, aB.ptr, aC.ptr, aalpha.ptr, abeta.ptr));
  check.array("A", aA.get(), fd(A, loss));
  check.array("B", aB.get(), fd(B, loss));
  check.array("C", aC.get(), fd(C, loss));
  check.scalar("alpha", aalpha.value(), fd(alpha, loss));
  check.scalar("beta", abeta.value(), fd(beta, loss));
  return check.finish();
}
