#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_vmc_helium");
  Rng rng(25407);
  const int n = 100, threads = 32 * WARPS_PER_BLOCK, blocks = 2;
  std::vector<float> wk(6 * n);
  for (int i = 0; i < n; ++i)
    for (;;) {
      for (int k = 0; k < 6; ++k) wk[6 * i + k] = (float)rng.uniform(-1.5, 1.5);
      double r1 = 0, r2 = 0, r12 = 0;
      for (int k = 0; k < 3; ++k) {
        r1 += wk[6 * i + k] * wk[6 * i + k];
        r2 += wk[6 * i + 3 + k] * wk[6 * i + 3 + k];
        r12 += std::pow(wk[6 * i + k] - wk[6 * i + 3 + k], 2);
      }
      if (std::sqrt(r1) > 0.4 && std::sqrt(r2) > 0.4 && std::sqrt(r12) > 0.5) break;
    }
  float alpha = 1.69f, beta = 0.35f;
  auto W = [](DeviceArray<float>& a) { return reinterpret_cast<Walker*>(a.ptr); };
  auto run = [&](const std::vector<float>& x, float a, float b, std::vector<float>& el) {
    DeviceArray<float> dw(x), de(zeros<float>(n)), ds(zeros<float>(1));
    CUAD_LAUNCH(vmc_local_energy, blocks, threads, n, W(dw), a, b, de.ptr, ds.ptr);
    el = de.get();
    return ds.get()[0];
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> we = rng.vec<float>(n, -0.1, 0.1);
  const float ws = 1.3f;
  auto loss = [&] {
    std::vector<float> el;
    const float s = run(wk, alpha, beta, el);
    return dot(we, el) + ws * s;
  };
  DeviceArray<float> dw(wk), de(zeros<float>(n)), ds(zeros<float>(1)), gw(zeros<float>(6 * n)), ga(zeros<float>(1)),
      gb(zeros<float>(1)), ge(we), gs(std::vector<float>{ws});
  CUAD_GRAD(CUAD_LAUNCH(vmc_local_energy_grad_1_2_3_4_5, blocks, threads, n, W(dw), alpha, beta, de.ptr, ds.ptr,
                        W(gw), ga.ptr, gb.ptr, ge.ptr, gs.ptr));
  check.array("walkers", gw.get(), fd(wk, loss));
  check.scalar("alpha", ga.get()[0], fd(alpha, loss));
  check.scalar("beta", gb.get()[0], fd(beta, loss));
  check.array("e_loc", ge.get(), zeros<double>(n));
  check.array("e_sum", gs.get(), std::vector<double>{ws});
#else
  const float va = 0.5f, vb = -0.8f;
  auto outputs_at = [&](double t) {
    std::vector<float> el;
    const float s = run(wk, along(alpha, t, va), along(beta, t, vb), el);
    el.push_back(s);
    return as_doubles(el);
  };
  DeviceArray<float> dw(wk), de(zeros<float>(n)), ds(zeros<float>(1)), te(zeros<float>(n)), ts(zeros<float>(1));
  CUAD_GRAD(CUAD_LAUNCH(vmc_local_energy_pushforward_2_3_4_5, blocks, threads, n, W(dw), alpha, beta, de.ptr, ds.ptr,
                        va, vb, te.ptr, ts.ptr));
  std::vector<float> tan = te.get();
  tan.push_back(ts.get()[0]);
  check.array("tangent", as_doubles(tan), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  std::vector<float> el;
  const float s = run(wk, alpha, beta, el);
  std::vector<float> val = de.get();
  val.push_back(ds.get()[0]);
  el.push_back(s);
  check.array("value", as_doubles(val), as_doubles(el), Tol{1e-5, 1e-5});
#endif
#endif
  return check.finish();
}
