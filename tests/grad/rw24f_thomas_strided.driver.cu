#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
__global__ void solve_one(const float* a, const float* b, const float* c, const float* d, float* x, unsigned n,
                          size_t stride) {
  if (threadIdx.x == 0) thomas_solve(a, b, c, d, x, n, stride);
}
__global__ void solve_one_grad(const float* a, const float* b, const float* c, const float* d, float* x, unsigned n,
                               size_t stride, float* ga, float* gb, float* gc, float* gd, float* gx) {
  if (threadIdx.x == 0) CUAD_GRAD(thomas_solve_grad_0_1_2_3_4(a, b, c, d, x, n, stride, ga, gb, gc, gd, gx));
}
#endif

int main() {
  Checker check("rw24f_thomas_strided");
  Rng rng(24005);
#if CUAD_OUTPUT == 0
  const unsigned n = 7, nsys = 37;
#else
  const unsigned n = 6, nsys = 3;  // one system read with stride 3 out of an interleaved batch
#endif
  const size_t tot = (size_t)n * nsys;
  // diagonally dominant systems
  std::vector<float> a = rng.vec<float>(tot, -1.0, 1.0), b = rng.vec<float>(tot, 3.0, 4.0),
                     c = rng.vec<float>(tot, -1.0, 1.0), d = rng.vec<float>(tot, -2.0, 2.0),
                     x0 = rng.vec<float>(tot);
  const std::vector<float> w = rng.vec<float>(tot);
  auto run = [&](void) {
    DeviceArray<float> da(a), db(b), dc(c), dd(d), dx(x0);
#if CUAD_OUTPUT == 0
    CUAD_LAUNCH(tridiag_batch, 2, 32, da.ptr, db.ptr, dc.ptr, dd.ptr, dx.ptr, n, nsys);
#else
    CUAD_LAUNCH(solve_one, 1, 1, da.ptr + 1, db.ptr + 1, dc.ptr + 1, dd.ptr + 1, dx.ptr + 1, n, (size_t)nsys);
#endif
    return dx.get();
  };
  auto loss = [&] { return dot(w, run()); };
  DeviceArray<float> da(a), db(b), dc(c), dd(d), dx(x0), ga(zeros<float>(tot)), gb(zeros<float>(tot)),
      gc(zeros<float>(tot)), gd(zeros<float>(tot)), gx(w);
#if CUAD_OUTPUT == 0
  CUAD_GRAD(CUAD_LAUNCH(tridiag_batch_grad_0_1_2_3_4, 2, 32, da.ptr, db.ptr, dc.ptr, dd.ptr, dx.ptr, n, nsys, ga.ptr,
                        gb.ptr, gc.ptr, gd.ptr, gx.ptr));
  std::vector<double> gx_expected = zeros<double>(tot);
#else
  CUAD_GRAD(CUAD_LAUNCH(solve_one_grad, 1, 1, da.ptr + 1, db.ptr + 1, dc.ptr + 1, dd.ptr + 1, dx.ptr + 1, n,
                        (size_t)nsys, ga.ptr + 1, gb.ptr + 1, gc.ptr + 1, gd.ptr + 1, gx.ptr + 1));
  // entries of x outside system 1 are not touched: their adjoint stays the seed
  std::vector<double> gx_expected(tot);
  for (size_t k = 0; k < tot; ++k) gx_expected[k] = (k % nsys == 1) ? 0.0 : w[k];
#endif
  check.array("a", ga.get(), fd(a, loss));
  check.array("b", gb.get(), fd(b, loss));
  check.array("c", gc.get(), fd(c, loss));
  check.array("d", gd.get(), fd(d, loss));
  check.array("x", gx.get(), gx_expected);
  return check.finish();
}
