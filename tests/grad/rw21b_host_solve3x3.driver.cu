#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21b_host_solve3x3");
  const int n = 20;
  Rng rng(21010);
  // well-conditioned systems; in half of them the largest entry of the first column is off
  // the diagonal (by a margin), so the pivot search swaps rows
  std::vector<float> A(9 * n), b = rng.vec<float>(3 * n), x = rng.vec<float>(3 * n),
                          w = rng.vec<float>(3 * n);
  for (int i = 0; i < n; ++i) {
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c)
        A[9 * i + 3 * r + c] = (r == c ? 3.0f : 0.0f) + (float)rng.uniform(-0.8, 0.8);
    if (i % 2 == 1) {  // put a dominant entry below the diagonal in column 0
      A[9 * i + 3 * 2 + 0] = 5.0f + (float)rng.uniform(0.0, 0.5);
      A[9 * i + 3 * 2 + 2] = 0.5f;
      A[9 * i + 0] = 1.0f;
    }
  }
  auto loss = [&] {
    std::vector<float> o = x;
    solve3_batched(A.data(), b.data(), o.data(), n);
    return dot(w, o);
  };
  std::vector<float> o = x, a_A = zeros<float>(9 * n), a_b = zeros<float>(3 * n), a_x = w;
  CUAD_GRAD(solve3_batched_grad_0_1_2(A.data(), b.data(), o.data(), n, a_A.data(), a_b.data(),
                                      a_x.data()));
  check.array("A", a_A, fd(A, loss));
  check.array("b", a_b, fd(b, loss));
  check.array("x", a_x, fd(x, loss));
  return check.finish();
}
