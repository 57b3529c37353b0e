#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24f_scalarprod_cosine");
  Rng rng(24006);
  const int vectorN = 7, elementN = 150;  // vectors longer than ACCUM_N, more vectors than blocks
  std::vector<float> A = rng.vec<float>(vectorN * elementN), B = rng.vec<float>(vectorN * elementN),
                     C0 = rng.vec<float>(vectorN);
  // correlate B with A so the cosines are not tiny
  for (size_t k = 0; k < B.size(); ++k) B[k] = 0.6f * A[k] + 0.4f * B[k];
  const std::vector<float> w = rng.vec<float>(vectorN);
  auto loss = [&] {
    std::vector<float> C = C0;
    cosine_similarity(C.data(), A.data(), B.data(), vectorN, elementN);
    return dot(w, C);
  };
  std::vector<float> C = C0, gC = w, gA(A.size(), 0.0f), gB(B.size(), 0.0f);
  CUAD_GRAD(cosine_similarity_grad_0_1_2(C.data(), A.data(), B.data(), vectorN, elementN, gC.data(), gA.data(), gB.data()));
  check.array("h_C (only written)", gC, zeros<double>(vectorN));
  check.array("h_A", gA, fd(A, loss));
  check.array("h_B", gB, fd(B, loss));
  return check.finish();
}
