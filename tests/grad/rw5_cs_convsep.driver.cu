#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw5_cs_convsep");
  Rng rng(508);
  std::vector<float> taps = rng.vec<float>(KERNEL_LENGTH);
  check_cuda(cudaMemcpyToSymbol(c_Kernel, taps.data(), KERNEL_LENGTH * sizeof(float)),
             "cudaMemcpyToSymbol");
#if CUAD_OUTPUT == 1
  // Two blocks across (the left and right halos of each read the other's columns), two down.
  const int W = 2 * ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X, H = 2 * ROWS_BLOCKDIM_Y;
  dim3 blocks(W / (ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X), H / ROWS_BLOCKDIM_Y);
  dim3 threads(ROWS_BLOCKDIM_X, ROWS_BLOCKDIM_Y);
#define KERNEL convolutionRowsKernel
#define GRAD convolutionRowsKernel_grad_0_1
#else
  const int W = COLUMNS_BLOCKDIM_X, H = 2 * COLUMNS_RESULT_STEPS * COLUMNS_BLOCKDIM_Y;
  dim3 blocks(W / COLUMNS_BLOCKDIM_X, H / (COLUMNS_RESULT_STEPS * COLUMNS_BLOCKDIM_Y));
  dim3 threads(COLUMNS_BLOCKDIM_X, COLUMNS_BLOCKDIM_Y);
#define KERNEL convolutionColumnsKernel
#define GRAD convolutionColumnsKernel_grad_0_1
#endif
  std::vector<float> src = rng.vec<float>(W * H), dst = rng.vec<float>(W * H),
                     w = rng.vec<float>(W * H);
  auto loss = [&] {
    DeviceArray<float> d_dst(dst), d_src(src);
    CUAD_LAUNCH(KERNEL, blocks, threads, d_dst.ptr, d_src.ptr, W, H, W);
    return dot(w, d_dst.get());
  };
  DeviceArray<float> d_dst(dst), d_src(src), a_dst(w), a_src(zeros<float>(W * H));
  CUAD_GRAD(CUAD_LAUNCH(GRAD, blocks, threads, d_dst.ptr, d_src.ptr, W, H, W, a_dst.ptr,
                        a_src.ptr));
  check.array("d_Dst", a_dst.get(), fd(dst, loss));
  check.array("d_Src", a_src.get(), fd(src, loss));
  return check.finish();
}
