#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_conv1d_tile");
  Rng rng(23707);
#if CUAD_OUTPUT == 1
  using T = double;
#else
  using T = float;
#endif
  const int B = 2, Cin = 3, Cout = 2, L = 45, K = 3;  // two tiles, the second partial
  std::vector<T> in = rng.vec<T>(B * Cin * L), w = rng.vec<T>(Cout * Cin * K, -0.6, 0.6), bias = rng.vec<T>(Cout, -0.2, 0.2),
                 cs0 = rng.vec<T>(Cout);
  const dim3 grid((L + 31) / 32, Cout, B);
  auto run = [&](const std::vector<T>& cs, const std::vector<T>& x, const std::vector<T>& ww, const std::vector<T>& bb,
                 std::vector<T>& o, std::vector<T>& s) {
    DeviceArray<T> d_o(zeros<T>(B * Cout * L)), d_s(cs), d_x(x), d_w(ww), d_b(bb);
    CUAD_LAUNCH((conv1d_gelu_fwd<T, 3, 2, 32>), grid, 32, d_o.ptr, d_s.ptr, d_x.ptr, d_w.ptr, d_b.ptr, Cin, Cout, L);
    o = d_o.get();
    s = d_s.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<T> wo = rng.vec<T>(B * Cout * L), ws = rng.vec<T>(Cout);
  auto loss = [&] {
    std::vector<T> o, s;
    run(cs0, in, w, bias, o, s);
    return dot(wo, o) + dot(ws, s);
  };
  DeviceArray<T> d_o(zeros<T>(B * Cout * L)), d_s(cs0), d_x(in), d_w(w), d_b(bias), g_o(wo), g_s(ws),
      g_x(zeros<T>(in.size())), g_w(zeros<T>(w.size())), g_b(zeros<T>(Cout));
  CUAD_GRAD(CUAD_LAUNCH((conv1d_gelu_fwd_grad_0_1_2_3_4<T, 3, 2, 32>), grid, 32, d_o.ptr, d_s.ptr, d_x.ptr, d_w.ptr, d_b.ptr, Cin,
                        Cout, L, g_o.ptr, g_s.ptr, g_x.ptr, g_w.ptr, g_b.ptr));
  check.array("in", g_x.get(), fd(in, loss));
  check.array("w", g_w.get(), fd(w, loss));
  check.array("bias", g_b.get(), fd(bias, loss));
  check.array("chan_sum", g_s.get(), fd(cs0, loss));
  check.array("out", g_o.get(), zeros<double>(B * Cout * L));
#else
  const std::vector<T> vs = rng.vec<T>(Cout), vx = rng.vec<T>(in.size()), vw = rng.vec<T>(w.size()), vb = rng.vec<T>(Cout);
  auto outputs_at = [&](double t) {
    std::vector<T> o, s;
    run(along(cs0, t, vs), along(in, t, vx), along(w, t, vw), along(bias, t, vb), o, s);
    std::vector<double> all = as_doubles(o);
    all.insert(all.end(), s.begin(), s.end());
    return all;
  };
  DeviceArray<T> d_o(zeros<T>(B * Cout * L)), d_s(cs0), d_x(in), d_w(w), d_b(bias), t_o(zeros<T>(B * Cout * L)), t_s(vs),
      t_x(vx), t_w(vw), t_b(vb);
  CUAD_GRAD(CUAD_LAUNCH((conv1d_gelu_fwd_pushforward<T, 3, 2, 32>), grid, 32, d_o.ptr, d_s.ptr, d_x.ptr, d_w.ptr,
                        d_b.ptr, Cin, Cout, L, t_o.ptr, t_s.ptr, t_x.ptr, t_w.ptr, t_b.ptr));
  std::vector<double> tan = as_doubles(t_o.get());
  for (T v : t_s.get()) tan.push_back(v);
  check.array("tangents", tan, directional_fd<T>(outputs_at), default_tol<T>());
#endif
  return check.finish();
}
