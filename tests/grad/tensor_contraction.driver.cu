#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Output 1: the kernel gradient, called with device memory. Output 2: the host function's
// gradient, called with host memory.
int main() {
  Checker check("tensor_contraction");
  const size_type D1 = 2, D2 = 3, D3 = 4, D4 = 3, D5 = 2;
  const int nA = D1 * D2 * D3, nB = D3 * D4 * D5, nC = D1 * D2 * D4 * D5;
  Rng rng(21);
  std::vector<float> A = rng.vec<float>(nA), B = rng.vec<float>(nB), C = rng.vec<float>(nC),
                     w = rng.vec<float>(nC);
#if CUAD_OUTPUT == 1
  std::vector<size_type> A_dim = {D1, D2, D3}, B_dim = {D3, D4, D5};
  DeviceArray<size_type> d_A_dim(A_dim), d_B_dim(B_dim);
  auto loss = [&] {
    DeviceArray<float> d_C(C), d_A(A), d_B(B);
    CUAD_LAUNCH(tensorContraction3D, 1, 256, d_C.ptr, d_A.ptr, d_B.ptr, d_A_dim.ptr, d_B_dim.ptr,
                2, 0);
    return dot(w, d_C.get());
  };
  DeviceArray<float> d_C(C), d_A(A), d_B(B), a_C(w), a_A(zeros<float>(nA)), a_B(zeros<float>(nB));
  CUAD_GRAD(CUAD_LAUNCH(tensorContraction3D_grad_0_1_2, 1, 256, d_C.ptr, d_A.ptr, d_B.ptr,
                        d_A_dim.ptr, d_B_dim.ptr, 2, 0, a_C.ptr, a_A.ptr, a_B.ptr));
  std::vector<float> gC = a_C.get(), gA = a_A.get(), gB = a_B.get();
#else
  auto loss = [&] {
    std::vector<float> out = C;
    launchTensorContraction3D(out.data(), A.data(), B.data(), D1, D2, D3, D4, D5);
    return dot(w, out);
  };
  std::vector<float> out = C, gC = w, gA(nA, 0.0f), gB(nB, 0.0f);
  CUAD_GRAD(launchTensorContraction3D_grad_0_1_2(out.data(), A.data(), B.data(), D1, D2, D3, D4,
                                                 D5, gC.data(), gA.data(), gB.data()));
#endif
  check.array("C", gC, fd(C, loss));
  check.array("A", gA, fd(A, loss));
  check.array("B", gB, fd(B, loss));
  return check.finish();
}
