#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw6_warp_aggregate");
  const int n = 90, nseg = 6;  // 3 warps, the last 6 lanes of the third past the end
  Rng rng(6072);
  std::vector<float> x = rng.vec<float>(n), out = rng.vec<float>(nseg), w = rng.vec<float>(nseg);
  std::vector<int> seg(n);
  for (int i = 0; i < n; ++i) seg[i] = (i * i + 3 * i) % nseg;  // keys repeat within warps
  DeviceArray<int> d_seg(seg);
  auto run = [&](const std::vector<float>& xv, const std::vector<float>& ov) {
    DeviceArray<float> d_x(xv), d_out(ov);
    DeviceScalar<unsigned> d_seen(0u);
    CUAD_LAUNCH(segment_energy, 3, 32, d_x.ptr, d_seg.ptr, d_out.ptr, d_seen.ptr, n);
    return d_out.get();
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x, out)); };
  DeviceArray<float> d_x(x), d_out(out), a_x(zeros<float>(n)), a_out(w);
  DeviceScalar<unsigned> d_seen(0u);
  CUAD_GRAD(CUAD_LAUNCH(segment_energy_grad_0_2, 3, 32, d_x.ptr, d_seg.ptr, d_out.ptr, d_seen.ptr,
                        n, a_x.ptr, a_out.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("out", a_out.get(), fd(out, loss));
#else
  std::vector<float> vx = rng.vec<float>(n), vo = rng.vec<float>(nseg);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx), along(out, t, vo))); };
  DeviceArray<float> d_x(x), d_out(out), t_x(vx), t_out(vo);
  DeviceScalar<unsigned> d_seen(0u);
  CUAD_GRAD(CUAD_LAUNCH(segment_energy_pushforward, 3, 32, d_x.ptr, d_seg.ptr, d_out.ptr,
                        d_seen.ptr, n, t_x.ptr, t_out.ptr));
  check.array("out", as_doubles(t_out.get()), directional_fd<float>(outputs_at),
              default_tol<float>());
#endif
  return check.finish();
}
