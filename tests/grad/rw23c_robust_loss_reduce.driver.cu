#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 2
using Fn = LogCosh;
static Fn make_fn(const std::vector<float>& p) {
  Fn f;
  f.weight = p[0];
  f.eps = p[1];
  f.temperature = p[2];
  return f;
}
static std::vector<float> params(const Fn& f) { return {f.weight, f.eps, f.temperature}; }
#else
using Fn = Huber;
static Fn make_fn(const std::vector<float>& p) {
  Fn f;
  f.weight = p[0];
  f.eps = p[1];
  f.delta = p[2];
  return f;
}
static std::vector<float> params(const Fn& f) { return {f.weight, f.eps, f.delta}; }
#endif

int main() {
  Checker check("rw23c_robust_loss_reduce");
  Rng rng(23302);
  const int n = 300, per_block = 64 * 2, nblk = (n + per_block - 1) / per_block;  // last block partial
  std::vector<float> target = rng.vec<float>(n, 0.5, 2.0), pred(n);
  // residuals: a mix of |r| well inside and well outside delta = 0.3 (Huber), and some large
  // ones past the log_cosh switch at |r| / T = 8 with T = 0.05
  for (int i = 0; i < n; ++i) {
    double r = rng.uniform(0.0, 1.0);
    double mag = (i % 3 == 0) ? rng.uniform(0.02, 0.2) : (i % 3 == 1 ? rng.uniform(0.45, 0.9) : rng.uniform(0.6, 1.2));
    pred[i] = (float)(target[i] + (r < 0.5 ? -mag : mag));
  }
#if CUAD_OUTPUT == 2
  std::vector<float> prm = {0.8f, 0.5f, 0.09f};
#else
  std::vector<float> prm = {0.8f, 0.5f, 0.3f};
#endif
  std::vector<float> partial = rng.vec<float>(nblk);
  auto run = [&](const std::vector<float>& p, const std::vector<float>& t, const std::vector<float>& pr) {
    DeviceArray<float> dp(p), dt(t), dpart(partial);
    CUAD_LAUNCH((block_loss<64, 2, Fn>), nblk, 64, dp.ptr, dt.ptr, make_fn(pr), dpart.ptr, n);
    return dpart.get();
  };
  const std::vector<float> w = rng.vec<float>(nblk);
  Tol tol{2e-3, 1e-2};
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  auto loss = [&] { return dot(w, run(pred, target, prm)); };
  DeviceArray<float> dp(pred), dt(target), dpart(partial), ap(zeros<float>(n)), at(zeros<float>(n)),
      apart(w);
  DeviceScalar<Fn> afn(make_fn({0.f, 0.f, 0.f}));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH((block_loss_grad_0_1_2_3<64, 2, Fn>), nblk, 64, dp.ptr, dt.ptr, make_fn(prm),
                        dpart.ptr, n, ap.ptr, at.ptr, afn.ptr, apart.ptr));
  check.array("target", at.get(), fd(target, loss), tol);
#else
  CUAD_GRAD(CUAD_LAUNCH((block_loss_grad_0_2_3<64, 2, Fn>), nblk, 64, dp.ptr, dt.ptr, make_fn(prm),
                        dpart.ptr, n, ap.ptr, afn.ptr, apart.ptr));
#endif
  check.array("pred", ap.get(), fd(pred, loss), tol);
  check.array("loss params", params(afn.value()), fd(prm, loss), tol);
  check.array("partial (only written)", apart.get(), zeros<double>(nblk));
#else
  const std::vector<float> vp = rng.vec<float>(n), vprm = {0.3f, -0.2f, 0.1f};
  auto outputs_at = [&](double t) { return as_doubles(run(along(pred, t, vp), target, along(prm, t, vprm))); };
  DeviceArray<float> dp(pred), dt(target), dpart(partial), tp(vp), tpart(zeros<float>(nblk));
  CUAD_GRAD(CUAD_LAUNCH((block_loss_pushforward_0_2_3<64, 2, Fn>), nblk, 64, dp.ptr, dt.ptr, make_fn(prm),
                        dpart.ptr, n, tp.ptr, make_fn(vprm), tpart.ptr));
  check.array("partial tangent", as_doubles(tpart.get()), directional_fd<float>(outputs_at), tol);
#endif
  return check.finish();
}
