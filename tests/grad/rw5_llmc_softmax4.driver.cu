#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw5_llmc_softmax4");
  Rng rng(502);
  // Rows longer than the block, so every thread loops; distinct entries keep fmaxf off ties.
  const int N = 3, C = 150, block = 64;
#if CUAD_OUTPUT == 1
  const size_t smem = 2 * block / 32 * sizeof(float);
#define KERNEL softmax_forward_kernel4
#define GRAD softmax_forward_kernel4_grad_0_1
#else
  const size_t smem = block * sizeof(float);
#define KERNEL softmax_forward_kernel2
#define GRAD softmax_forward_kernel2_grad_0_1
#endif
  std::vector<float> inp = rng.vec<float>(N * C, -2, 2), out = rng.vec<float>(N * C),
                     w = rng.vec<float>(N * C);
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_inp(inp);
    CUAD_LAUNCH_SHARED(KERNEL, N, block, smem, d_out.ptr, d_inp.ptr, N, C);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_inp(inp), a_out(w), a_inp(zeros<float>(N * C));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(GRAD, N, block, 2 * smem, d_out.ptr, d_inp.ptr, N, C,
                               a_out.ptr, a_inp.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("inp", a_inp.get(), fd(inp, loss));
  return check.finish();
}
