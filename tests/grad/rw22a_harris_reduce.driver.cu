#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
#define PRIMAL reduce0
#define GRAD reduce0_grad_0_1
#define PER_BLOCK 64
#elif CUAD_OUTPUT == 2
#define PRIMAL reduce1
#define GRAD reduce1_grad_0_1
#define PER_BLOCK 64
#else
#define PRIMAL reduce4<64>
#define GRAD reduce4_grad_0_1<64>
#define PER_BLOCK 128
#endif

int main() {
  Checker check("rw22a_harris_reduce");
  const unsigned int n = 230;
  const int threads = 64, blocks = (n + PER_BLOCK - 1) / PER_BLOCK;
  const size_t smem = threads * sizeof(double);
  Rng rng(22104);
  std::vector<double> x = rng.vec(n, -2.0, 2.0), part = rng.vec(blocks), w = rng.vec(blocks);
  auto loss = [&] {
    DeviceArray<double> dx(x), dp(part);
    CUAD_LAUNCH_SHARED(PRIMAL, blocks, threads, smem, dx.ptr, dp.ptr, n);
    return dot(w, dp.get());
  };
  DeviceArray<double> dx(x), dp(part), ax(zeros<double>(n)), ap(w);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(GRAD, blocks, threads, 2 * smem, dx.ptr, dp.ptr, n, ax.ptr, ap.ptr));
  check.array("g_idata", ax.get(), fd(x, loss));
  check.array("g_odata", ap.get(), fd(part, loss));
  return check.finish();
}
