#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw5_cs_reduction");
  Rng rng(505);
#if CUAD_OUTPUT == 1
  typedef float T;
  const unsigned block = 64, grid = 3, n = 1000;  // each thread strides over several pairs
#define KERNEL (reduce6<float, 64, true>)
#define GRAD (reduce6_grad_0_1<float, 64, true>)
#elif CUAD_OUTPUT == 2
  typedef double T;
  const unsigned block = 128, grid = 2, n = 700;
#define KERNEL (reduce6<double, 128, false>)
#define GRAD (reduce6_grad_0_1<double, 128, false>)
#else
  typedef float T;
  const unsigned block = 64, grid = 4, n = 500;  // 2 * 64 entries per block, tail partial
#define KERNEL (reduce4<float, 64>)
#define GRAD (reduce4_grad_0_1<float, 64>)
#endif
  const size_t smem = block * sizeof(T);
  std::vector<T> in = rng.vec<T>(n), out = rng.vec<T>(grid), w = rng.vec<T>(grid);
  auto loss = [&] {
    DeviceArray<T> d_in(in), d_out(out);
    CUAD_LAUNCH_SHARED(KERNEL, grid, block, smem, d_in.ptr, d_out.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<T> d_in(in), d_out(out), a_in(zeros<T>(n)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(GRAD, grid, block, 2 * smem, d_in.ptr, d_out.ptr, n, a_in.ptr,
                               a_out.ptr));
  check.array("g_idata", a_in.get(), fd(in, loss));
  check.array("g_odata", a_out.get(), fd(out, loss));
  return check.finish();
}
