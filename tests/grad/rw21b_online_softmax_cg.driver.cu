#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21b_online_softmax_cg");
  // rows not a multiple of the warps per block; cols not a multiple of 32 (idle lanes at the end)
  const int rows = 5, cols = 45, block = 64, grid = 3;
  Rng rng(21003);
  std::vector<float> x = rng.vec<float>(rows * cols, -3.0, 3.0), out = rng.vec<float>(rows * cols),
                     lse = rng.vec<float>(rows);
#if CUAD_OUTPUT == 2
  std::vector<float> vx = rng.vec<float>(rows * cols);
  auto outputs_at = [&](double t) {
    DeviceArray<float> o(out), l(lse), dx(along(x, t, vx));
    CUAD_LAUNCH(online_softmax, grid, block, o.ptr, l.ptr, dx.ptr, rows, cols);
    std::vector<double> r = as_doubles(o.get()), rl = as_doubles(l.get());
    r.insert(r.end(), rl.begin(), rl.end());
    return r;
  };
  DeviceArray<float> o(out), l(lse), dx(x), t_o(zeros<float>(rows * cols)), t_l(zeros<float>(rows)),
      t_x(vx);
  CUAD_GRAD(CUAD_LAUNCH(online_softmax_pushforward, grid, block, o.ptr, l.ptr, dx.ptr, rows, cols,
                        t_o.ptr, t_l.ptr, t_x.ptr));
  std::vector<double> t = as_doubles(t_o.get()), tl = as_doubles(t_l.get());
  t.insert(t.end(), tl.begin(), tl.end());
  check.array("out,lse", t, directional_fd<float>(outputs_at), default_tol<float>());
#else
  const std::vector<float> w = rng.vec<float>(rows * cols), wl = rng.vec<float>(rows);
  auto loss = [&] {
    DeviceArray<float> o(out), l(lse), dx(x);
    CUAD_LAUNCH(online_softmax, grid, block, o.ptr, l.ptr, dx.ptr, rows, cols);
    return dot(w, o.get()) + dot(wl, l.get());
  };
  DeviceArray<float> o(out), l(lse), dx(x), a_o(w), a_l(wl), a_x(zeros<float>(rows * cols));
  CUAD_GRAD(CUAD_LAUNCH(online_softmax_grad_0_1_2, grid, block, o.ptr, l.ptr, dx.ptr, rows, cols, a_o.ptr,
                        a_l.ptr, a_x.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("lse", a_l.get(), fd(lse, loss));
#endif
  return check.finish();
}
