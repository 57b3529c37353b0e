#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_ml_layernorm_blk");
  const int N = 5, C = 150, grid = N + 1;  // one block past the last row exits early
  Rng rng(12001);
  std::vector<double> inp = rng.vec(N * C, -2.0, 2.0), weight = rng.vec(C, 0.5, 1.5),
                      bias = rng.vec(C, -0.3, 0.3), out = zeros<double>(N * C),
                      mean = zeros<double>(N), rstd = zeros<double>(N);
#if CUAD_OUTPUT == 2
  std::vector<double> v_inp = rng.vec(N * C), v_w = rng.vec(C), v_b = rng.vec(C);
  auto outputs_at = [&](double t) {
    DeviceArray<double> o(out), m(mean), r(rstd), x(along(inp, t, v_inp)),
        w(along(weight, t, v_w)), b(along(bias, t, v_b));
    CUAD_LAUNCH((layernorm_fwd<64, double>), grid, 64, o.ptr, m.ptr, r.ptr, x.ptr, w.ptr, b.ptr,
                N, C);
    std::vector<double> all = o.get(), mm = m.get(), rr = r.get();
    all.insert(all.end(), mm.begin(), mm.end());
    all.insert(all.end(), rr.begin(), rr.end());
    return all;
  };
  DeviceArray<double> o(out), m(mean), r(rstd), x(inp), w(weight), b(bias), t_o(out), t_m(mean),
      t_r(rstd), t_x(v_inp), t_w(v_w), t_b(v_b);
  CUAD_GRAD(CUAD_LAUNCH((layernorm_fwd_pushforward<64, double>), grid, 64, o.ptr, m.ptr, r.ptr,
                        x.ptr, w.ptr, b.ptr, N, C, t_o.ptr, t_m.ptr, t_r.ptr, t_x.ptr, t_w.ptr,
                        t_b.ptr));
  std::vector<double> tan = t_o.get(), tm = t_m.get(), tr = t_r.get();
  tan.insert(tan.end(), tm.begin(), tm.end());
  tan.insert(tan.end(), tr.begin(), tr.end());
  check.array("out,mean,rstd", tan, directional_fd<double>(outputs_at));
#else
  const std::vector<double> w_o = rng.vec(N * C), w_m = rng.vec(N), w_r = rng.vec(N);
  auto loss = [&] {
    DeviceArray<double> o(out), m(mean), r(rstd), x(inp), w(weight), b(bias);
    CUAD_LAUNCH((layernorm_fwd<64, double>), grid, 64, o.ptr, m.ptr, r.ptr, x.ptr, w.ptr, b.ptr,
                N, C);
    return dot(w_o, o.get()) + dot(w_m, m.get()) + dot(w_r, r.get());
  };
  DeviceArray<double> o(out), m(mean), r(rstd), x(inp), w(weight), b(bias), a_o(w_o), a_m(w_m),
      a_r(w_r), a_x(zeros<double>(N * C)), a_w(zeros<double>(C)), a_b(zeros<double>(C));
  CUAD_GRAD(CUAD_LAUNCH((layernorm_fwd_grad_0_1_2_3_4_5<64, double>), grid, 64, o.ptr, m.ptr, r.ptr, x.ptr,
                        w.ptr, b.ptr, N, C, a_o.ptr, a_m.ptr, a_r.ptr, a_x.ptr, a_w.ptr,
                        a_b.ptr));
  check.array("inp", a_x.get(), fd(inp, loss));
  check.array("weight", a_w.get(), fd(weight, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("mean", a_m.get(), fd(mean, loss));
  check.array("rstd", a_r.get(), fd(rstd, loss));
#endif
  return check.finish();
}
