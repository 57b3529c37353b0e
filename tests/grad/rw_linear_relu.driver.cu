#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw_linear_relu");
  const int M = 10, N = 12, K = 11;
  Rng rng(11);
  std::vector<float> A = rng.vec<float>(M * K), W = rng.vec<float>(K * N),
                     b = rng.vec<float>(N, -0.3, 0.6), out = rng.vec<float>(M * N),
                     w = rng.vec<float>(M * N);
  dim3 grid((N + 7) / 8, (M + 7) / 8), block(8, 8);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_A(A), d_W(W), d_b(b);
    CUAD_LAUNCH(linear_relu, grid, block, d_o.ptr, d_A.ptr, d_W.ptr, d_b.ptr, M, N, K);
    return dot(w, d_o.get());
  };
  // Keep pre-activations away from the ReLU kink.
  {
    for (int it = 0; it < 20; ++it) {
      bool ok = true;
      for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j) {
          double s = b[j];
          for (int k = 0; k < K; ++k) s += A[i * K + k] * W[k * N + j];
          if (std::fabs(s) < 0.05) {
            b[j] += 0.11f;
            ok = false;
          }
        }
      if (ok) break;
    }
  }
  DeviceArray<float> d_o(out), d_A(A), d_W(W), d_b(b);
  DeviceArray<float> a_o(w), a_A(zeros<float>(M * K)), a_W(zeros<float>(K * N)),
      a_b(zeros<float>(N));
  CUAD_GRAD(CUAD_LAUNCH(linear_relu_grad_0_1_2_3, grid, block, d_o.ptr, d_A.ptr, d_W.ptr, d_b.ptr,
                        M, N, K, a_o.ptr, a_A.ptr, a_W.ptr, a_b.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("A", a_A.get(), fd(A, loss));
  check.array("W", a_W.get(), fd(W, loss));
  check.array("bias", a_b.get(), fd(b, loss));
  return check.finish();
}
