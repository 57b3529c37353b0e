#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("tile_replay_long_k");
  const int M = 5, N = 6, K = 4 * 140 + 3;
  const dim3 grid((N + 3) / 4, (M + 3) / 4), block(4, 4);
  Rng rng(611);
  std::vector<double> A = rng.vec(M * K), B = rng.vec(K * N), C = rng.vec(M * N), w = rng.vec(M * N);
  auto loss = [&] {
    DeviceArray<double> d_C(C), d_A(A), d_B(B);
    CUAD_LAUNCH(gemm_long_k, grid, block, d_C.ptr, d_A.ptr, d_B.ptr, M, N, K);
    return dot(w, d_C.get());
  };
  DeviceArray<double> d_C(C), d_A(A), d_B(B), a_C(w), a_A(zeros<double>(M * K)), a_B(zeros<double>(K * N));
  CUAD_GRAD(CUAD_LAUNCH(gemm_long_k_grad_0_1_2, grid, block, d_C.ptr, d_A.ptr, d_B.ptr, M, N, K, a_C.ptr,
                        a_A.ptr, a_B.ptr));
  check.array("C", a_C.get(), fd(C, loss));
  // Every entry of A and B against finite differences would take M*K + K*N pairs of runs; a
  // spread of entries (first, last and strided ones, every tile position) is checked instead.
  const std::vector<double> gA = a_A.get(), gB = a_B.get();
  for (size_t i = 0; i < A.size(); i += 37) check.scalar(at("A", i), gA[i], fd(A[i], loss));
  check.scalar(at("A", A.size() - 1), gA.back(), fd(A.back(), loss));
  for (size_t i = 0; i < B.size(); i += 41) check.scalar(at("B", i), gB[i], fd(B[i], loss));
  check.scalar(at("B", B.size() - 1), gB.back(), fd(B.back(), loss));
  return check.finish();
}
