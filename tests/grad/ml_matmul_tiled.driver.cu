#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_matmul_tiled");
  const int M = 6, N = 7, K = 10;
  const dim3 grid((N + 3) / 4, (M + 3) / 4), block(4, 4);
  Rng rng(208);
  std::vector<double> A = rng.vec(M * K), B = rng.vec(K * N), C = rng.vec(M * N), w = rng.vec(M * N);
  double alpha = 1.3, beta = 0.6;
  auto loss = [&] {
    DeviceArray<double> d_C(C), d_A(A), d_B(B);
    CUAD_LAUNCH(gemm_tiled, grid, block, d_C.ptr, d_A.ptr, d_B.ptr, alpha, beta, M, N, K);
    return dot(w, d_C.get());
  };
  DeviceArray<double> d_C(C), d_A(A), d_B(B), a_C(w), a_A(zeros<double>(M * K)), a_B(zeros<double>(K * N));
  DeviceScalar<double> a_al, a_be;
  CUAD_GRAD(CUAD_LAUNCH(gemm_tiled_grad_0_1_2_3_4, grid, block, d_C.ptr, d_A.ptr, d_B.ptr, alpha, beta, M, N, K,
                        a_C.ptr, a_A.ptr, a_B.ptr, a_al.ptr, a_be.ptr));
  check.array("C", a_C.get(), fd(C, loss));
  check.array("A", a_A.get(), fd(A, loss));
  check.array("B", a_B.get(), fd(B, loss));
  check.scalar("alpha", a_al.value(), fd(alpha, loss));
  check.scalar("beta", a_be.value(), fd(beta, loss));
  return check.finish();
}
