#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cub_warp_reduce");
  Rng rng(903);
  const int n = 128, blocks = 2, threads = 64, nout = n / 16 + n / 32;
  std::vector<float> x = rng.vec<float>(n), out = rng.vec<float>(nout);
#if CUAD_OUTPUT == 1
  std::vector<float> w = rng.vec<float>(nout);
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_out(out);
    CUAD_LAUNCH(warp_energy, blocks, threads, d_x.ptr, d_out.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_x(x), d_out(out), a_x(zeros<float>(n)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(warp_energy_grad_0_1, blocks, threads, d_x.ptr, d_out.ptr, n, a_x.ptr,
                        a_out.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("out", a_out.get(), fd(out, loss));
#else
  std::vector<float> v_x = rng.vec<float>(n);
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_x(along(x, t, v_x)), d_out(out);
    CUAD_LAUNCH(warp_energy, blocks, threads, d_x.ptr, d_out.ptr, n);
    return as_doubles(d_out.get());
  };
  DeviceArray<float> d_x(x), d_out(out), t_x(v_x), t_out(zeros<float>(nout));
  CUAD_GRAD(CUAD_LAUNCH(warp_energy_pushforward, blocks, threads, d_x.ptr, d_out.ptr, n,
                        t_x.ptr, t_out.ptr));
  check.array("out", t_out.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
