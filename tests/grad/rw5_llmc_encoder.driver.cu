#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw5_llmc_encoder");
  Rng rng(507);
  const int B = 2, T = 5, C = 12, V = 4, block = 32;
  // Tokens repeat across the batch, so several threads add into one row of wte's adjoint.
  std::vector<int> inp = {1, 3, 1, 0, 2, 3, 3, 1, 0, 1};
  std::vector<float> wte = rng.vec<float>(V * C), wpe = rng.vec<float>(T * C),
                     out = rng.vec<float>(B * T * C), w = rng.vec<float>(B * T * C);
#if CUAD_OUTPUT == 1
  const int grid = (B * T + block - 1) / block;
#define KERNEL encoder_forward_kernel1
#define GRAD encoder_forward_kernel1_grad_0_2_3
#else
  const int grid = (B * T * C + block - 1) / block;
#define KERNEL encoder_forward_kernel2
#define GRAD encoder_forward_kernel2_grad_0_2_3
#endif
  DeviceArray<int> d_inp(inp);
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_wte(wte), d_wpe(wpe);
    CUAD_LAUNCH(KERNEL, grid, block, d_out.ptr, d_inp.ptr, d_wte.ptr, d_wpe.ptr, B, T, C);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_wte(wte), d_wpe(wpe), a_out(w), a_wte(zeros<float>(V * C)),
      a_wpe(zeros<float>(T * C));
  CUAD_GRAD(CUAD_LAUNCH(GRAD, grid, block, d_out.ptr, d_inp.ptr, d_wte.ptr, d_wpe.ptr, B, T, C,
                        a_out.ptr, a_wte.ptr, a_wpe.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("wte", a_wte.get(), fd(wte, loss));
  check.array("wpe", a_wpe.get(), fd(wpe, loss));
  return check.finish();
}
