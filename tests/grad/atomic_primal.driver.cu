#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("atomic_primal");
  const int n = 100;
  Rng rng(12);
  std::vector<double> x = rng.vec(n), w = rng.vec(n), sum = {0.3}, bins = rng.vec(4);
  std::vector<double> wsum = {1.7}, wbins = rng.vec(4);
  auto loss = [&] {
    DeviceArray<double> d_sum(sum), d_bins(bins), d_x(x), d_w(w);
    CUAD_LAUNCH(weighted_sum, 2, 64, d_sum.ptr, d_bins.ptr, d_x.ptr, d_w.ptr, n);
    return dot(wsum, d_sum.get()) + dot(wbins, d_bins.get());
  };
  DeviceArray<double> d_sum(sum), d_bins(bins), d_x(x), d_w(w);
  DeviceArray<double> a_sum(wsum), a_bins(wbins), a_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(weighted_sum_grad_0_1_2, 2, 64, d_sum.ptr, d_bins.ptr, d_x.ptr, d_w.ptr, n,
                        a_sum.ptr, a_bins.ptr, a_x.ptr));
  check.array("sum", a_sum.get(), fd(sum, loss));
  check.array("bins", a_bins.get(), fd(bins, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
