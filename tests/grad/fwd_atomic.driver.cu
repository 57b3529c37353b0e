#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_atomic");
  const int n = 120, bins = 5;
  Rng rng(19);
  std::vector<float> x = rng.vec<float>(n), vx = rng.vec<float>(n), out0 = rng.vec<float>(bins),
                     vout = rng.vec<float>(bins);
  std::vector<int> bin(n);
  for (int i = 0; i < n; ++i) bin[i] = (i * 7) % 11;
  auto outputs_at = [&](double t) {
    DeviceArray<float> dx(along(x, t, vx)), dout(along(out0, t, vout));
    DeviceArray<int> dbin(bin);
    CUAD_LAUNCH(histogram_energy, 2, 64, n, bins, dx.ptr, dbin.ptr, dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<float> dx(x), d_x(vx), dout(out0), d_out(vout);
  DeviceArray<int> dbin(bin);
  CUAD_GRAD(CUAD_LAUNCH(histogram_energy_pushforward, 2, 64, n, bins, dx.ptr, dbin.ptr, dout.ptr,
                        d_x.ptr, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<float>(outputs_at));
  return check.finish();
}
