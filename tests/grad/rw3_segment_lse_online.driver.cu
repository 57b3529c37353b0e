#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_segment_lse_online");
  const std::vector<int> offsets = {0, 5, 5, 6, 13, 16, 24, 31};
  const int n_seg = (int)offsets.size() - 1, n = offsets.back();
  Rng rng(3125);
  std::vector<double> x = rng.vec(n, -2.0, 2.0), scale = rng.vec(n_seg, 0.5, 1.5), w = rng.vec(n_seg);
  DeviceArray<int> d_off(offsets);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_sc(scale), d_o(n_seg, 0.0);
    CUAD_LAUNCH(segment_logsumexp, 1, 8, d_x.ptr, d_off.ptr, d_sc.ptr, d_o.ptr, n_seg);
    return dot(w, d_o.get());
  };
  DeviceArray<double> d_x(x), d_sc(scale), d_o(n_seg, 0.0), a_x(zeros<double>(n)),
      a_sc(zeros<double>(n_seg)), a_o(w);
  CUAD_GRAD(CUAD_LAUNCH(segment_logsumexp_grad_0_2_3, 1, 8, d_x.ptr, d_off.ptr, d_sc.ptr, d_o.ptr,
                        n_seg, a_x.ptr, a_sc.ptr, a_o.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("scale", a_sc.get(), fd(scale, loss));
  check.array("out", a_o.get(), std::vector<double>(n_seg, 0.0));
#else
  std::vector<double> vx = rng.vec(n), vs = rng.vec(n_seg);
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_x(along(x, t, vx)), d_sc(along(scale, t, vs)), d_o(n_seg, 0.0);
    CUAD_LAUNCH(segment_logsumexp, 1, 8, d_x.ptr, d_off.ptr, d_sc.ptr, d_o.ptr, n_seg);
    return d_o.get();
  };
  DeviceArray<double> d_x(x), d_sc(scale), d_o(n_seg, 0.0), t_x(vx), t_sc(vs), t_o(n_seg, 0.0);
  CUAD_GRAD(CUAD_LAUNCH(segment_logsumexp_pushforward, 1, 8, d_x.ptr, d_off.ptr, d_sc.ptr, d_o.ptr,
                        n_seg, t_x.ptr, t_sc.ptr, t_o.ptr));
  check.array("out", t_o.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
