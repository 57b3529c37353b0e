#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
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
#else
int main() {
  Checker check("tile_replay_long_k");
  const int n = 300;
  const dim3 grid((n + 7) / 8), block(8);
  Rng rng(612);
  std::vector<double> A = rng.vec(n * n), x = rng.vec(n), y = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_A(A), d_x(x), d_y(y);
    CUAD_LAUNCH(matvec_guarded, grid, block, d_A.ptr, d_x.ptr, d_y.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_A(A), d_x(x), d_y(y), a_A(zeros<double>(n * n)), a_x(zeros<double>(n)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(matvec_guarded_grad_0_1_2, grid, block, d_A.ptr, d_x.ptr, d_y.ptr, n, a_A.ptr, a_x.ptr,
                        a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  const std::vector<double> gA = a_A.get();
  for (size_t i = 0; i < A.size(); i += 331) check.scalar(at("A", i), gA[i], fd(A[i], loss));
  check.scalar(at("A", A.size() - 1), gA.back(), fd(A.back(), loss));
  return check.finish();
}
#endif
