#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_byte_offset_copies");
  Rng rng(26061);
  const int nx = 7, nz = 6, wx = 4, wz = 3;
  std::vector<double> x = rng.vec(wx * wz);
  const std::vector<double> wo = rng.vec(wx * (wz - 1)), wt = rng.vec(wx - 1);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> out(wx * (wz - 1), 0.0), tail(wx - 1, 0.0);
    window2(x.data(), nx, nz, wx, wz, out.data(), tail.data());
    return dot(wo, out) + dot(wt, tail);
  };
  std::vector<double> out(wx * (wz - 1), 0.0), tail(wx - 1, 0.0), gx(wx * wz, 0.0), gout = wo,
      gtail = wt;
  CUAD_GRAD(window2_grad_0_5_6(x.data(), nx, nz, wx, wz, out.data(), tail.data(), gx.data(),
                               gout.data(), gtail.data()));
  check.array("x", gx, fd(x, loss));
#else
  const std::vector<double> v = rng.vec(wx * wz);
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, v), out(wx * (wz - 1), 0.0), tail(wx - 1, 0.0);
    window2(xs.data(), nx, nz, wx, wz, out.data(), tail.data());
    std::vector<double> all = out;
    all.insert(all.end(), tail.begin(), tail.end());
    return all;
  };
  std::vector<double> out(wx * (wz - 1), 0.0), tail(wx - 1, 0.0), tout(wx * (wz - 1), 0.0),
      ttail(wx - 1, 0.0);
  CUAD_GRAD(window2_pushforward(x.data(), nx, nz, wx, wz, out.data(), tail.data(), v.data(),
                                tout.data(), ttail.data()));
  std::vector<double> all = tout;
  all.insert(all.end(), ttail.begin(), ttail.end());
  check.array("out+tail", all, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
