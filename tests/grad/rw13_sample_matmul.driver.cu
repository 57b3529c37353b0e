#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_sample_matmul");
  const int hA = 32, wA = 48, wB = 16;  // C is 32 x 16: a 1 x 2 grid, 3 tiles along k
  Rng rng(1304);
  std::vector<double> A = rng.vec(hA * wA), B = rng.vec(wA * wB), w = rng.vec(hA * wB);
  dim3 threads(BLOCK_SIZE, BLOCK_SIZE), grid(wB / BLOCK_SIZE, hA / BLOCK_SIZE);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dA(A), dB(B), dC(hA * wB, 0.0);
    CUAD_LAUNCH(matrixMul, grid, threads, dC.ptr, dA.ptr, dB.ptr, wA, wB);
    return dot(w, dC.get());
  };
  DeviceArray<double> dA(A), dB(B), dC(hA * wB, 0.0), aA(zeros<double>(hA * wA)),
      aB(zeros<double>(wA * wB)), aC(w);
  CUAD_GRAD(CUAD_LAUNCH(matrixMul_grad_0_1_2, grid, threads, dC.ptr, dA.ptr, dB.ptr, wA, wB, aC.ptr,
                        aA.ptr, aB.ptr));
  check.array("A", aA.get(), fd(A, loss));
  check.array("B", aB.get(), fd(B, loss));
#else
  std::vector<double> vA = rng.vec(hA * wA), vB = rng.vec(wA * wB);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dA(along(A, t, vA)), dB(along(B, t, vB)), dC(hA * wB, 0.0);
    CUAD_LAUNCH(matrixMul, grid, threads, dC.ptr, dA.ptr, dB.ptr, wA, wB);
    return as_doubles(dC.get());
  };
  DeviceArray<double> dA(A), dB(B), dC(hA * wB, 0.0), tA(vA), tB(vB), tC(hA * wB, 7.0);
  CUAD_GRAD(CUAD_LAUNCH(matrixMul_pushforward, grid, threads, dC.ptr, dA.ptr, dB.ptr, wA, wB,
                        tC.ptr, tA.ptr, tB.ptr));
  check.array("C tangent", tC.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
