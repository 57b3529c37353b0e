#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_tiled_matmul");
  const int M = 6, N = 7, K = 5;
  Rng rng(108);
  std::vector<double> A = rng.vec(M * K), B = rng.vec(K * N), C = rng.vec(M * N),
                      w = rng.vec(M * N);
  dim3 grid((N + TS - 1) / TS, (M + TS - 1) / TS), block(TS, TS);
  auto loss = [&] {
    DeviceArray<double> d_C(C), d_A(A), d_B(B);
    CUAD_LAUNCH(matmul, grid, block, d_C.ptr, d_A.ptr, d_B.ptr, M, N, K);
    return dot(w, d_C.get());
  };
  DeviceArray<double> d_C(C), d_A(A), d_B(B), a_C(w), a_A(zeros<double>(M * K)),
      a_B(zeros<double>(K * N));
  CUAD_GRAD(CUAD_LAUNCH(matmul_grad_0_1_2, grid, block, d_C.ptr, d_A.ptr, d_B.ptr, M, N, K, a_C.ptr,
                        a_A.ptr, a_B.ptr));
  check.array("C", a_C.get(), fd(C, loss));
  check.array("A", a_A.get(), fd(A, loss));
  check.array("B", a_B.get(), fd(B, loss));
  return check.finish();
}
