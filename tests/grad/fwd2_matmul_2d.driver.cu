#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_matmul_2d");
  const int M = 13, N = 11, K = 19;
  Rng rng(108);
  std::vector<double> A = rng.vec(M * K), vA = rng.vec(M * K), B = rng.vec(K * N),
                      vB = rng.vec(K * N), bias = rng.vec(N), vbias = rng.vec(N),
                      C0 = zeros<double>(M * N);
#if CUAD_OUTPUT == 1
  std::vector<double> vB_used = zeros<double>(K * N);  // B is not in --wrt
#else
  std::vector<double> vB_used = vB;
#endif
  dim3 grid((N + 7) / 8, (M + 7) / 8), block(8, 8);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dA(along(A, t, vA)), dB(along(B, t, vB_used)), db(along(bias, t, vbias)),
        dC(C0);
    CUAD_LAUNCH(matmul_bias, grid, block, M, N, K, dA.ptr, dB.ptr, db.ptr, dC.ptr);
    return as_doubles(dC.get());
  };
  DeviceArray<double> dA(A), d_A(vA), dB(B), d_B(vB), db(bias), d_b(vbias), dC(C0),
      d_C(zeros<double>(M * N));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(matmul_bias_pushforward_3_5_6, grid, block, M, N, K, dA.ptr, dB.ptr,
                        db.ptr, dC.ptr, d_A.ptr, d_b.ptr, d_C.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH(matmul_bias_pushforward, grid, block, M, N, K, dA.ptr, dB.ptr, db.ptr,
                        dC.ptr, d_A.ptr, d_B.ptr, d_b.ptr, d_C.ptr));
#endif
  check.array("C", d_C.get(), directional_fd<double>(outputs_at));
  return check.finish();
}
