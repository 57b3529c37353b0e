#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 150 entries in 23 segments of lengths 1..40 (some span warp and block boundaries); the
// last warp of the last block is partial.
int main() {
  Checker check("rw26e_segsoftmax_sorted_scan");
  Rng rng(26506);
  std::vector<int64_t> keys;
  int nseg = 0;
  for (int s = 0; keys.size() < 150; ++s, ++nseg) {
    const int len = s == 4 ? 40 : 1 + (s * 7) % 9;
    for (int k = 0; k < len && keys.size() < 150; ++k) keys.push_back(s);
  }
  const int n = (int)keys.size();
  std::vector<double> x = rng.vec(n, -1.5, 1.5);
  double inv_temp = 0.8;
  std::vector<double> itv = {inv_temp};
#if CUAD_OUTPUT == 1
  const int threads = 64, blocks = (n + threads - 1) / threads;
  DeviceArray<int64_t> dk(keys);
  const std::vector<double> w = rng.vec(nseg);
  const std::vector<double> s0 = rng.vec(nseg, 0.0, 0.5);  // seg_sum accumulates onto this
  auto loss = [&] {
    DeviceArray<double> dx(x), dt(itv), ds(s0);
    CUAD_LAUNCH(seg_exp_sum, blocks, threads, dk.ptr, dx.ptr, dt.ptr, n, ds.ptr);
    return dot(w, ds.get());
  };
  DeviceArray<double> dx(x), dt(itv), ds(s0), gx(zeros<double>(n)), gt(zeros<double>(1)), gs(w);
  CUAD_GRAD(CUAD_LAUNCH(seg_exp_sum_grad_1_2_4, blocks, threads, dk.ptr, dx.ptr, dt.ptr, n, ds.ptr,
                        gx.ptr, gt.ptr, gs.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("inv_temp", gt.get(), fd(itv, loss));
  check.array("seg_sum", gs.get(), fd(const_cast<std::vector<double>&>(s0), loss));
#else
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> y(n, 0.0);
    segment_softmax(keys.data(), x.data(), inv_temp, n, nseg, y.data());
    return dot(w, y);
  };
  std::vector<double> y(n, 0.0), gx(n, 0.0), gy = w;
  double gt = 0.0;
  CUAD_GRAD(segment_softmax_grad_1_2_5(keys.data(), x.data(), inv_temp, n, nseg, y.data(), gx.data(), &gt,
                                       gy.data()));
  check.array("x", gx, fd(x, loss));
  check.scalar("inv_temp", gt, fd(inv_temp, loss));
  check.array("y", gy, zeros<double>(n));
#endif
  return check.finish();
}
