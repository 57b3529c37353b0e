#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_gridstride_atomic");
  const int n = 300, nbins = 7;
  Rng rng(109);
  std::vector<float> x = rng.vec<float>(n, -2.0, 2.0), vx = rng.vec<float>(n),
                     tt = rng.vec<float>(n), vt = rng.vec<float>(n), bins0 = zeros<float>(nbins);
  std::vector<int> key(n);
  for (int i = 0; i < n; ++i) key[i] = (i * 5) % (nbins + 1) - 1;  // -1 is skipped
  DeviceArray<int> dkey(key);
  auto outputs_at = [&](double t) {
    DeviceArray<float> dx(along(x, t, vx)), dt(along(tt, t, vt)), dbins(bins0);
    DeviceScalar<int> dmax(0);
    DeviceScalar<float> dloss(0.f);
    CUAD_LAUNCH(scatter_loss, 3, 32, n, dx.ptr, dt.ptr, dkey.ptr, dbins.ptr, dmax.ptr, dloss.ptr);
    std::vector<double> out = as_doubles(dbins.get());
    out.push_back(dloss.value());
    return out;
  };
  DeviceArray<float> dx(x), d_x(vx), dt(tt), d_t(vt), dbins(bins0), d_bins(zeros<float>(nbins));
  DeviceScalar<int> dmax(0);
  DeviceScalar<float> dloss(0.f), d_loss(0.f);
  CUAD_GRAD(CUAD_LAUNCH(scatter_loss_pushforward, 3, 32, n, dx.ptr, dt.ptr, dkey.ptr, dbins.ptr,
                        dmax.ptr, dloss.ptr, d_x.ptr, d_t.ptr, d_bins.ptr, d_loss.ptr));
  std::vector<double> got = as_doubles(d_bins.get());
  got.push_back(d_loss.value());
  check.array("bins, loss", got, directional_fd<float>(outputs_at), Tol{5e-3, 1e-2});
#if !defined(CUAD_SELFTEST)
  check.scalar("maxkey", dmax.value(), nbins - 1);
#endif
  return check.finish();
}
