#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_layernorm_vec4");
  Rng rng(23101);
  const int N = 5, C = 160;  // 40 float4 per row: lanes 0-7 take two, the others one
  const LNConfig cfg{1e-5f, C};
  std::vector<float> inp = rng.vec<float>(N * C, -2.0, 2.0), weight = rng.vec<float>(C, 0.5, 1.5),
                     bias = rng.vec<float>(C, -0.5, 0.5);
  // rows with different offsets and scales
  for (int r = 0; r < N; ++r)
    for (int c = 0; c < C; ++c) inp[r * C + c] = inp[r * C + c] * (0.5f + 0.3f * r) + 0.2f * r;
  auto run = [&](const std::vector<float>& x, const std::vector<float>& w, const std::vector<float>& b,
                 std::vector<float>& o, std::vector<float>& mu, std::vector<float>& rs) {
    DeviceArray<float> d_x(x), d_w(w), d_b(b), d_o(zeros<float>(N * C)), d_m(zeros<float>(N)),
        d_r(zeros<float>(N));
    CUAD_LAUNCH(layernorm_fwd_vec4, 2, 128, d_o.ptr, d_m.ptr, d_r.ptr, d_x.ptr, d_w.ptr, d_b.ptr, N, cfg);
    o = d_o.get();
    mu = d_m.get();
    rs = d_r.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wo = rng.vec<float>(N * C), wm = rng.vec<float>(N), wr = rng.vec<float>(N);
  auto loss = [&] {
    std::vector<float> o, mu, rs;
    run(inp, weight, bias, o, mu, rs);
    return dot(wo, o) + dot(wm, mu) + dot(wr, rs);
  };
  DeviceArray<float> d_x(inp), d_w(weight), d_b(bias), d_o(zeros<float>(N * C)), d_m(zeros<float>(N)),
      d_r(zeros<float>(N)), g_o(wo), g_m(wm), g_r(wr), g_x(zeros<float>(N * C)), g_w(zeros<float>(C)),
      g_b(zeros<float>(C));
  CUAD_GRAD(CUAD_LAUNCH(layernorm_fwd_vec4_grad_0_1_2_3_4_5, 2, 128, d_o.ptr, d_m.ptr, d_r.ptr, d_x.ptr,
                        d_w.ptr, d_b.ptr, N, cfg, g_o.ptr, g_m.ptr, g_r.ptr, g_x.ptr, g_w.ptr, g_b.ptr));
  check.array("inp", g_x.get(), fd(inp, loss));
  check.array("weight", g_w.get(), fd(weight, loss));
  check.array("bias", g_b.get(), fd(bias, loss));
  check.array("out", g_o.get(), zeros<double>(N * C));
  check.array("mean", g_m.get(), zeros<double>(N));
  check.array("rstd", g_r.get(), zeros<double>(N));
#else
  const std::vector<float> vx = rng.vec<float>(N * C), vw = rng.vec<float>(C), vb = rng.vec<float>(C);
  auto outputs_at = [&](double t) {
    std::vector<float> o, mu, rs;
    run(along(inp, t, vx), along(weight, t, vw), along(bias, t, vb), o, mu, rs);
    std::vector<double> all = as_doubles(o);
    all.insert(all.end(), mu.begin(), mu.end());
    all.insert(all.end(), rs.begin(), rs.end());
    return all;
  };
  DeviceArray<float> d_x(inp), d_w(weight), d_b(bias), d_o(zeros<float>(N * C)), d_m(zeros<float>(N)),
      d_r(zeros<float>(N)), t_x(vx), t_w(vw), t_b(vb), t_o(zeros<float>(N * C)), t_m(zeros<float>(N)),
      t_r(zeros<float>(N));
  CUAD_GRAD(CUAD_LAUNCH(layernorm_fwd_vec4_pushforward_0_1_2_3_4_5, 2, 128, d_o.ptr, d_m.ptr, d_r.ptr, d_x.ptr, d_w.ptr,
                        d_b.ptr, N, cfg, t_o.ptr, t_m.ptr, t_r.ptr, t_x.ptr, t_w.ptr, t_b.ptr));
  std::vector<double> tan = as_doubles(t_o.get());
  for (float v : t_m.get()) tan.push_back(v);
  for (float v : t_r.get()) tan.push_back(v);
  check.array("tangents", tan, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
