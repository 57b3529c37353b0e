#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;

int main() {
  Checker check("rw16v_oit_kbuffer");
  const int n_pix = 40;  // 2 blocks of 32, partial
  Rng rng(16015);
  std::vector<int> cnt(n_pix);
  for (int p = 0; p < n_pix; ++p) cnt[p] = p % (K + 1);  // 0..K fragments
  std::vector<double> rgba = rng.vec(4 * K * n_pix, 0.1, 0.9), depth(K * n_pix);
  for (int p = 0; p < n_pix; ++p)  // distinct depths in random order, 0.05 apart at least
    for (int k = 0; k < K; ++k) depth[p * K + k] = 0.1 * ((k * 5 + p) % K) + rng.uniform(0.0, 0.05);
  double gain = 1.7;
  DeviceArray<int> d_c(cnt);
  auto to4 = [](const std::vector<double>& v) {
    std::vector<double4> o(v.size() / 4);
    std::memcpy(o.data(), v.data(), v.size() * sizeof(double));
    return o;
  };
  auto from4 = [](const std::vector<double4>& v) {
    std::vector<double> o(4 * v.size());
    std::memcpy(o.data(), v.data(), o.size() * sizeof(double));
    return o;
  };
  std::vector<double> w = rng.vec(4 * n_pix), out0(4 * n_pix, 0.5);
  auto loss = [&] {
    DeviceArray<double4> d_f(to4(rgba)), d_o(to4(out0));
    DeviceArray<double> d_z(depth);
    CUAD_LAUNCH(oit_resolve, 2, 32, d_f.ptr, d_z.ptr, d_c.ptr, n_pix, gain, d_o.ptr);
    return dot(w, from4(d_o.get()));
  };
  DeviceArray<double4> d_f(to4(rgba)), d_o(to4(out0)), a_f(to4(zeros<double>(rgba.size()))), a_o(to4(w));
  DeviceArray<double> d_z(depth), a_z(zeros<double>(depth.size())), a_g(zeros<double>(1));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(oit_resolve_grad_0_1_5, 2, 32, d_f.ptr, d_z.ptr, d_c.ptr, n_pix, gain, d_o.ptr,
                        a_f.ptr, a_z.ptr, a_o.ptr));
  check.array("frag_depth", a_z.get(), fd(depth, loss));  // piecewise constant: zero
#else
  CUAD_GRAD(CUAD_LAUNCH(oit_resolve_grad_0_4_5, 2, 32, d_f.ptr, d_z.ptr, d_c.ptr, n_pix, gain, d_o.ptr,
                        a_f.ptr, a_g.ptr, a_o.ptr));
  check.scalar("gain", a_g.get()[0], fd(gain, loss));
#endif
  check.array("frag_rgba", from4(a_f.get()), fd(rgba, loss));
  check.array("out", from4(a_o.get()), zeros<double>(4 * n_pix));
  return check.finish();
}
