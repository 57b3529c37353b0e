#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw4_device_cpp");
  const int n = 96;
  Rng rng(402);
  std::vector<float> x = rng.vec<float>(n, -2.4, 2.4), out = rng.vec<float>(n),
                     w = rng.vec<float>(n), table = rng.vec<float>(kTable);
  // Away from the kinks: floor/round of t = 2x + 4, the clamps, the saturate, max/min, |x|.
  for (auto& v : x) {
    float t = v * 2.0f + 4.0f;
    float fr = t - std::floor(t);
    if (fr < 0.02f || fr > 0.98f || std::fabs(fr - 0.5f) < 0.02f) v += 0.013f;
    if (std::fabs(v + 0.5f) < 0.01f || std::fabs(v - 0.5f) < 0.01f || std::fabs(v) < 0.01f)
      v += 0.021f;
    float sat = 0.3f * v + 0.4f;
    if (std::fabs(sat) < 0.01f || std::fabs(sat - 1.0f) < 0.01f) v += 0.05f;
  }
  float gain = 0.8f;
  for (int mode = 0; mode < 2; ++mode) {
    Act m = mode == 0 ? Act::Tanh : Act::Soft;
    auto make = [&] {
      Params p;
      p.gain = gain;
      for (int k = 0; k < kTable; ++k) p.table[k] = table[k];
      return p;
    };
    auto loss = [&] {
      DeviceArray<float> d_o(out), d_x(x);
      DeviceArray<Params> d_p(std::vector<Params>{make()});
      CUAD_LAUNCH(act_kernel, 2, 64, d_o.ptr, d_x.ptr, d_p.ptr, m, n);
      return dot(w, d_o.get());
    };
    Params zero{};
    DeviceArray<float> d_o(out), d_x(x), a_o(w), a_x(zeros<float>(n));
    DeviceArray<Params> d_p(std::vector<Params>{make()}), a_p(std::vector<Params>{zero});
    CUAD_GRAD(CUAD_LAUNCH(act_kernel_grad_0_1_2, 2, 64, d_o.ptr, d_x.ptr, d_p.ptr, m, n, a_o.ptr,
                          a_x.ptr, a_p.ptr));
    Params ap = a_p.get()[0];
    std::vector<float> a_table(ap.table, ap.table + kTable);
    check.array("out", a_o.get(), fd(out, loss));
    check.array("x", a_x.get(), fd(x, loss));
    check.scalar("gain", ap.gain, fd(gain, loss));
    check.array("table", a_table, fd(table, loss));
  }
  return check.finish();
}
