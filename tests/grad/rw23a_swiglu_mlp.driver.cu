#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
// One mlp_unit per thread, each with its own activation; the gradient kernel seeds the
// return adjoint with w[i] by scaling the unit gradient.
__global__ void units(const double* x, const double* w, const double* b, const int* acts, double* y, int n,
                      int K) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = mlp_unit<double>(x + i * K, w + i * K, b[i], K, static_cast<Act>(acts[i]));
}
#ifndef CUAD_SELFTEST
__global__ void units_grad(const double* x, const double* w, const double* b, const int* acts,
                           const double* wy, double* gx, double* gw, double* gb, int n, int K) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double lx[16], lw[16], lb = 0.0;
  for (int k = 0; k < K; ++k) lx[k] = lw[k] = 0.0;
  mlp_unit_grad_0_1_2<double>(x + i * K, w + i * K, b[i], K, static_cast<Act>(acts[i]), lx, lw, &lb);
  for (int k = 0; k < K; ++k) {
    gx[i * K + k] = wy[i] * lx[k];
    gw[i * K + k] = wy[i] * lw[k];
  }
  gb[i] = wy[i] * lb;
}
#endif
#endif

int main() {
  Checker check("rw23a_swiglu_mlp");
  Rng rng(23303);
#if CUAD_OUTPUT == 1
  const int n = 30, K = 12;
  std::vector<double> x = rng.vec(n * K, -1.0, 1.0), w = rng.vec(n * K, -0.6, 0.6), b(n);
  std::vector<int> acts(n);
  for (int i = 0; i < n; ++i) {
    acts[i] = i % 3;
    // keep the pre-activation away from the squared ReLU's kink
    double acc;
    do {
      b[i] = rng.uniform(-0.5, 0.5);
      acc = b[i];
      for (int k = 0; k < K; ++k) acc += x[i * K + k] * w[i * K + k];
    } while (std::fabs(acc) < 0.05);
  }
  const std::vector<double> wy = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dw(w), db(b), dy(zeros<double>(n));
    DeviceArray<int> da(acts);
    CUAD_LAUNCH(units, 1, 32, dx.ptr, dw.ptr, db.ptr, da.ptr, dy.ptr, n, K);
    return dot(wy, dy.get());
  };
  DeviceArray<double> dx(x), dw(w), db(b), dwy(wy), gx(zeros<double>(n * K)), gw(zeros<double>(n * K)),
      gb(zeros<double>(n));
  DeviceArray<int> da(acts);
  CUAD_GRAD(CUAD_LAUNCH(units_grad, 1, 32, dx.ptr, dw.ptr, db.ptr, da.ptr, dwy.ptr, gx.ptr, gw.ptr, gb.ptr, n, K));
  check.array("x", gx.get(), fd(x, loss));
  check.array("w", gw.get(), fd(w, loss));
  check.array("b", gb.get(), fd(b, loss));
#else
#if CUAD_OUTPUT == 2
  using T = double;
#else
  using T = float;
#endif
  const int B = 3, K = 20, H = 40, KV = 4;
  const Act act = Act::Silu;
  std::vector<T> x = rng.vec<T>(B * K, -1.0, 1.0), wg = rng.vec<T>(H * K, -0.4, 0.4),
                 wu = rng.vec<T>(H * K, -0.4, 0.4), bg = rng.vec<T>(H, -0.2, 0.2), bu = rng.vec<T>(H, -0.2, 0.2),
                 wd = rng.vec<T>(H * KV, -0.5, 0.5), out0 = rng.vec<T>(B * KV);
  auto run = [&](const std::vector<T>& o, const std::vector<T>& xx, const std::vector<T>& a,
                 const std::vector<T>& bb, const std::vector<T>& c, const std::vector<T>& d,
                 const std::vector<T>& e, Act ac) {
    DeviceArray<T> d_o(o), d_x(xx), d_wg(a), d_wu(bb), d_bg(c), d_bu(d), d_wd(e);
    CUAD_LAUNCH((swiglu_mlp_fwd<T, 4>), dim3(2, B), 32, d_o.ptr, d_x.ptr, d_wg.ptr, d_wu.ptr, d_bg.ptr, d_bu.ptr,
                d_wd.ptr, K, H, ac);
    return d_o.get();
  };
#if CUAD_OUTPUT == 2
  const std::vector<T> wo = rng.vec<T>(B * KV);
  for (Act ac : {Act::Silu, Act::Gelu}) {
    auto loss = [&] { return dot(wo, run(out0, x, wg, wu, bg, bu, wd, ac)); };
    DeviceArray<T> d_o(out0), d_x(x), d_wg(wg), d_wu(wu), d_bg(bg), d_bu(bu), d_wd(wd), g_o(wo),
        g_x(zeros<T>(B * K)), g_wg(zeros<T>(H * K)), g_wu(zeros<T>(H * K)), g_bg(zeros<T>(H)), g_bu(zeros<T>(H)),
        g_wd(zeros<T>(H * KV));
    CUAD_GRAD(CUAD_LAUNCH((swiglu_mlp_fwd_grad_0_1_2_3_4_5_6<T, 4>), dim3(2, B), 32, d_o.ptr, d_x.ptr, d_wg.ptr,
                          d_wu.ptr, d_bg.ptr, d_bu.ptr, d_wd.ptr, K, H, ac, g_o.ptr, g_x.ptr, g_wg.ptr, g_wu.ptr,
                          g_bg.ptr, g_bu.ptr, g_wd.ptr));
    const std::string tag = ac == Act::Silu ? "silu " : "gelu ";
    check.array(tag + "out", g_o.get(), fd(out0, loss));
    check.array(tag + "x", g_x.get(), fd(x, loss));
    check.array(tag + "w_gate", g_wg.get(), fd(wg, loss));
    check.array(tag + "w_up", g_wu.get(), fd(wu, loss));
    check.array(tag + "b_gate", g_bg.get(), fd(bg, loss));
    check.array(tag + "b_up", g_bu.get(), fd(bu, loss));
    check.array(tag + "w_down", g_wd.get(), fd(wd, loss));
  }
#else
  const std::vector<T> vo = rng.vec<T>(B * KV), vx = rng.vec<T>(B * K), vwg = rng.vec<T>(H * K),
                       vwu = rng.vec<T>(H * K), vbg = rng.vec<T>(H), vbu = rng.vec<T>(H), vwd = rng.vec<T>(H * KV);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(out0, t, vo), along(x, t, vx), along(wg, t, vwg), along(wu, t, vwu),
                          along(bg, t, vbg), along(bu, t, vbu), along(wd, t, vwd), Act::Gelu));
  };
  DeviceArray<T> d_o(out0), d_x(x), d_wg(wg), d_wu(wu), d_bg(bg), d_bu(bu), d_wd(wd), t_o(vo), t_x(vx), t_wg(vwg),
      t_wu(vwu), t_bg(vbg), t_bu(vbu), t_wd(vwd);
  CUAD_GRAD(CUAD_LAUNCH((swiglu_mlp_fwd_pushforward<T, 4>), dim3(2, B), 32, d_o.ptr, d_x.ptr,
                        d_wg.ptr, d_wu.ptr, d_bg.ptr, d_bu.ptr, d_wd.ptr, K, H, Act::Gelu, t_o.ptr, t_x.ptr, t_wg.ptr,
                        t_wu.ptr, t_bg.ptr, t_bu.ptr, t_wd.ptr));
  check.array("out tangent", as_doubles(t_o.get()), directional_fd<T>(outputs_at), default_tol<T>());
#endif
#endif
  return check.finish();
}
