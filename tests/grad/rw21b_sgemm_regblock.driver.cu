#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21b_sgemm_regblock");
  const int M = 20, N = 21, K = 13;  // partial tiles in every dimension
  const dim3 grid((N + 15) / 16, (M + 15) / 16), block(64);
  Rng rng(21004);
  std::vector<float> A = rng.vec<float>(M * K), B = rng.vec<float>(K * N), C = rng.vec<float>(M * N),
                     w = rng.vec<float>(M * N);
  float alpha = 0.7f, beta = -1.3f;
  auto loss = [&] {
    DeviceArray<float> dA(A), dB(B), dC(C);
    CUAD_LAUNCH((sgemm_regblock<16, 16, 8, 2, 2>), grid, block, M, N, K, alpha, dA.ptr, dB.ptr,
                beta, dC.ptr);
    return dot(w, dC.get());
  };
  DeviceArray<float> dA(A), dB(B), dC(C), a_A(zeros<float>(M * K)), a_B(zeros<float>(K * N)),
      a_C(w);
  DeviceScalar<float> a_alpha(0.f), a_beta(0.f);
  CUAD_GRAD(CUAD_LAUNCH((sgemm_regblock_grad_3_4_5_6_7<16, 16, 8, 2, 2>), grid, block, M, N, K,
                        alpha, dA.ptr, dB.ptr, beta, dC.ptr, a_alpha.ptr, a_A.ptr, a_B.ptr,
                        a_beta.ptr, a_C.ptr));
  check.array("A", a_A.get(), fd(A, loss));
  check.array("B", a_B.get(), fd(B, loss));
  check.array("C", a_C.get(), fd(C, loss));
  check.scalar("alpha", a_alpha.value(), fd(alpha, loss));
  check.scalar("beta", a_beta.value(), fd(beta, loss));
  return check.finish();
}
