#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_dft_float2");
  const int n = 24, bins = 13;
  Rng rng(3124);
  std::vector<float> signal = rng.vec<float>(n), window(n), w = rng.vec<float>(bins);
  for (int t = 0; t < n; ++t) window[t] = 0.5f - 0.5f * std::cos(6.2831853f * t / n) + 0.1f;
  auto loss = [&] {
    DeviceArray<float> d_s(signal), d_w(window), d_p(bins, 0.f);
    CUAD_LAUNCH(dft_power, 1, 16, d_s.ptr, d_w.ptr, d_p.ptr, n, bins);
    return dot(w, d_p.get());
  };
  DeviceArray<float> d_s(signal), d_w(window), d_p(bins, 0.f), a_s(zeros<float>(n)),
      a_w(zeros<float>(n)), a_p(w);
  CUAD_GRAD(CUAD_LAUNCH(dft_power_grad_0_1_2, 1, 16, d_s.ptr, d_w.ptr, d_p.ptr, n, bins, a_s.ptr,
                        a_w.ptr, a_p.ptr));
  check.array("signal", a_s.get(), fd(signal, loss));
  check.array("window", a_w.get(), fd(window, loss));
  check.array("power", a_p.get(), std::vector<double>(bins, 0.0));
  return check.finish();
}
