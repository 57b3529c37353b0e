#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_gfx_iir");
  Rng rng(1304);
#if CUAD_OUTPUT == 1
  const int W = 11, H = 13, n = W * H;
  std::vector<double> in = rng.vec(n, 0.0, 1.0), w = rng.vec(n), out0 = rng.vec(n);
  double sigma = 3.1;
  auto loss = [&] {
    DeviceArray<double> di(in), dout(out0);
    CUAD_LAUNCH(iir_gauss_cols, 2, 8, di.ptr, dout.ptr, W, H, sigma);
    return dot(w, dout.get());
  };
  DeviceArray<double> di(in), ai(zeros<double>(n)), dout(out0), aout(w);
  DeviceScalar<double> as(0.0);
  CUAD_GRAD(CUAD_LAUNCH(iir_gauss_cols_grad_0_1_4, 2, 8, di.ptr, dout.ptr, W, H, sigma, ai.ptr,
                        aout.ptr, as.ptr));
  check.array("in", ai.get(), fd(in, loss));
  check.array("out", aout.get(), zeros<double>(n));
  check.scalar("sigma", as.value(), fd(sigma, loss));
#else
  const int T = 12, C = 37, n = T * C;
  // |x| values kept apart from the envelope (the attack/release switch)
  std::vector<float> x = rng.vec<float>(n, -1.0, 1.0), tau = rng.vec<float>(C, 0.5, 3.0);
  std::vector<float> vx = rng.vec<float>(n), vtau = rng.vec<float>(C);
  const float dt = 0.4f, att = 0.3f, rel = 0.9f, vdt = 0.5f, vatt = -0.4f, vrel = 0.3f;
  auto outputs_at = [&](double t) {
    DeviceArray<float> dx(along(x, t, vx)), dtau(along(tau, t, vtau)), de(zeros<float>(n)),
        denv(zeros<float>(n));
    CUAD_LAUNCH(ema_channels, 2, 8, dx.ptr, dtau.ptr, de.ptr, denv.ptr, T, C, along(dt, t, vdt),
                along(att, t, vatt), along(rel, t, vrel));
    std::vector<double> o = as_doubles(de.get()), e = as_doubles(denv.get());
    o.insert(o.end(), e.begin(), e.end());
    return o;
  };
  DeviceArray<float> dx(x), dtau(tau), de(zeros<float>(n)), denv(zeros<float>(n)), tx(vx),
      ttau(vtau), te(zeros<float>(n)), tenv(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(ema_channels_pushforward, 2, 8, dx.ptr, dtau.ptr, de.ptr, denv.ptr, T, C,
                        dt, att, rel, tx.ptr, ttau.ptr, te.ptr, tenv.ptr, vdt, vatt, vrel));
  std::vector<double> got = as_doubles(te.get()), g2 = as_doubles(tenv.get());
  got.insert(got.end(), g2.begin(), g2.end());
  check.array("ema, env", got, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
