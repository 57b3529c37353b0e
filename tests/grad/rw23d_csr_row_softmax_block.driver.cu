#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_csr_row_softmax_block");
  Rng rng(23019);
  const int n = 9, grid = 3;  // three rows per block
  std::vector<int> rp = {0};
  for (int r = 0; r < n; ++r) rp.push_back(rp.back() + (r == 4 ? 0 : (r % 3 == 0 ? 45 : 1 + (int)rng.uniform(0, 12))));
  const int nnz = rp.back();
  std::vector<float> logits = rng.vec<float>(nnz, -2.0, 2.0), probs(nnz, 0.0f);
  const std::vector<float> w = rng.vec<float>(nnz);
  DeviceArray<int> d_rp(rp);
  auto loss = [&] {
    DeviceArray<float> dl(logits), dp(probs);
    CUAD_LAUNCH(csr_row_softmax, grid, TPB, n, d_rp.ptr, dl.ptr, dp.ptr);
    return dot(w, dp.get());
  };
  DeviceArray<float> dl(logits), dp(probs), gl(zeros<float>(nnz)), gp(w);
  CUAD_GRAD(CUAD_LAUNCH(csr_row_softmax_grad_2_3, grid, TPB, n, d_rp.ptr, dl.ptr, dp.ptr, gl.ptr, gp.ptr));
  check.array("logits", gl.get(), fd(logits, loss));
  check.array("probs", gp.get(), zeros<double>(nnz));
  return check.finish();
}
