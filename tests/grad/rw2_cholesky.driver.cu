#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_cholesky");
  const int batch = 5, nb = 4;
  Rng rng(212);
  std::vector<double> A(batch * nb * nb), b = rng.vec(batch * nb), x = rng.vec(batch * nb),
                                          w = rng.vec(batch * nb);
  for (int t = 0; t < batch; ++t) {  // SPD: M M^T + 2 I (only the lower triangle is read)
    std::vector<double> M = rng.vec(nb * nb);
    for (int i = 0; i < nb; ++i)
      for (int j = 0; j < nb; ++j) {
        double s = (i == j) ? 2.0 : 0.0;
        for (int k = 0; k < nb; ++k) s += M[i * nb + k] * M[j * nb + k];
        A[t * nb * nb + i * nb + j] = s;
      }
  }
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_A(A), d_b(b);
    CUAD_LAUNCH(batched_chol_solve, 1, 32, d_x.ptr, d_A.ptr, d_b.ptr, batch);
    return dot(w, d_x.get());
  };
  DeviceArray<double> d_x(x), d_A(A), d_b(b), a_x(w), a_A(zeros<double>(A.size())),
      a_b(zeros<double>(b.size()));
  CUAD_GRAD(CUAD_LAUNCH(batched_chol_solve_grad_0_1_2, 1, 32, d_x.ptr, d_A.ptr, d_b.ptr, batch,
                        a_x.ptr, a_A.ptr, a_b.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("A", a_A.get(), fd(A, loss));
  check.array("b", a_b.get(), fd(b, loss));
  return check.finish();
}
