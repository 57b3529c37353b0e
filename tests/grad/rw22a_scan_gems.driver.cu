#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22a_scan_gems");
  const int n = 150;
#if CUAD_OUTPUT == 1
  typedef float T;
  const int threads = 64, per_block = 64;
  const size_t smem = 2 * threads * sizeof(T);
#define PRIMAL scan_hillis_steele
#define GRAD scan_hillis_steele_grad_0_1_2
#else
  typedef double T;
  const int threads = 32, per_block = 64;  // 64 elements and 2 padding slots per block
  const size_t smem = (per_block + per_block / NUM_BANKS) * sizeof(T);
#define PRIMAL prescan_blelloch
#define GRAD prescan_blelloch_grad_0_1_2
#endif
  const int blocks = (n + per_block - 1) / per_block;  // 3 blocks, the last with 22 elements
  Rng rng(22107);
  std::vector<T> x = rng.vec<T>(n, 0.0, 0.4), wgt = rng.vec<T>(n, -0.3, 0.6),
                 out = rng.vec<T>(n);
  const std::vector<T> w = rng.vec<T>(n);
  auto loss = [&] {
    DeviceArray<T> dx(x), dw(wgt), dout(out);
    CUAD_LAUNCH_SHARED(PRIMAL, blocks, threads, smem, dout.ptr, dx.ptr, dw.ptr, n);
    return dot(w, dout.get());
  };
  DeviceArray<T> dx(x), dw(wgt), dout(out), ax(zeros<T>(n)), aw(zeros<T>(n)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(GRAD, blocks, threads, 2 * smem, dout.ptr, dx.ptr, dw.ptr, n,
                               aout.ptr, ax.ptr, aw.ptr));
  check.array("g_idata", ax.get(), fd(x, loss));
  check.array("g_w", aw.get(), fd(wgt, loss));
  check.array("g_odata", aout.get(), zeros<double>(n));
  return check.finish();
}
