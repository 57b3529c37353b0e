#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_fir_shared_halo");
  const int n = 90, blocks = (n + 31) / 32;
  Rng rng(3109);
  std::vector<float> x = rng.vec<float>(n), taps = rng.vec<float>(7), w = rng.vec<float>(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_h(taps), d_y(n, 0.f);
    CUAD_LAUNCH((fir_filter<32, 7>), blocks, 32, d_x.ptr, d_h.ptr, d_y.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_x(x), d_h(taps), d_y(n, 0.f), a_x(zeros<float>(n)), a_h(zeros<float>(7)),
      a_y(w);
  CUAD_GRAD(CUAD_LAUNCH((fir_filter_grad_0_1_2<32, 7>), blocks, 32, d_x.ptr, d_h.ptr, d_y.ptr, n,
                        a_x.ptr, a_h.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("taps", a_h.get(), fd(taps, loss));
  check.array("y", a_y.get(), std::vector<double>(n, 0.0));
#else
  std::vector<float> vx = rng.vec<float>(n), vh = rng.vec<float>(7);
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_x(along(x, t, vx)), d_h(along(taps, t, vh)), d_y(n, 0.f);
    CUAD_LAUNCH((fir_filter<32, 7>), blocks, 32, d_x.ptr, d_h.ptr, d_y.ptr, n);
    return as_doubles(d_y.get());
  };
  DeviceArray<float> d_x(x), d_h(taps), d_y(n, 0.f), t_x(vx), t_h(vh), t_y(n, 0.f);
  CUAD_GRAD(CUAD_LAUNCH((fir_filter_pushforward<32, 7>), blocks, 32, d_x.ptr, d_h.ptr, d_y.ptr, n,
                        t_x.ptr, t_h.ptr, t_y.ptr));
  check.array("y", t_y.get(), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
