#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24f_layer_modes");
  Rng rng(24008);
  const unsigned nbatch = 6, nin = 5, nout = 4, n = nbatch * nout;
  std::vector<float> W = rng.vec<float>(nout * nin), bias = rng.vec<float>(nout, -0.5, 0.5),
                     X = rng.vec<float>(nbatch * nin), act0 = rng.vec<float>(n), loss0 = {0.3f};
  std::vector<float> target = rng.vec<float>(n);
  // the combinations the driver runs: every activation with every loss
  const int acts[] = {ACT_SIGMOID, ACT_TANH, ACT_SOFTSIGN, ACT_SCALED_SOFTSIGN, ACT_ELU};
  const int losses[] = {LOSS_MSE, LOSS_HUBER, LOSS_LOGCOSH};
  // softsign and elu have kinks at z = 0, Huber at |r| = delta: check the margins in double
  auto margins_ok = [&](int am) {
    for (unsigned idx = 0; idx < n; ++idx) {
      unsigned b = idx / nout, o = idx % nout;
      double z = bias[o];
      for (unsigned k = 0; k < nin; ++k) z += (double)W[o * nin + k] * X[b * nin + k];
      if (std::fabs(z) < 0.01) return false;
      double a = am == ACT_SIGMOID ? 1 / (1 + std::exp(-z)) : am == ACT_TANH ? std::tanh(z)
               : am == ACT_SOFTSIGN ? z / (1 + std::fabs(z)) : am == ACT_SCALED_SOFTSIGN ? 1.7159 * z / (1 + std::fabs(1.7159 * z))
               : (z > 0 ? z : std::exp(z) - 1);
      double r = a - target[idx];
      if (std::fabs(std::fabs(r) - 0.5) < 0.01) return false;
    }
    return true;
  };
  auto all_ok = [&] {
    for (int am : acts)
      if (!margins_ok(am)) return false;
    return true;
  };
  for (int tries = 0; tries < 2000 && !all_ok(); ++tries) {
    X = rng.vec<float>(nbatch * nin);
    target = rng.vec<float>(n);
  }
  check.expect(all_ok(), "pre-activations and residuals away from kinks");
  for (int am : acts)
    for (int lm : losses) {
      auto run = [&](const std::vector<float>& w_, const std::vector<float>& b_, const std::vector<float>& x_,
                     const std::vector<float>& a_, const std::vector<float>& l_) {
        DeviceArray<float> dW(w_), db(b_), dX(x_), dT(target), dA(a_), dL(l_);
        CUAD_LAUNCH(dense_loss, 1, 32, dW.ptr, db.ptr, dX.ptr, dT.ptr, dA.ptr, dL.ptr, nbatch, nin, nout, am, lm);
        std::vector<float> out = dA.get();
        out.push_back(dL.get()[0]);
        return out;
      };
      const std::string tag = "act" + std::to_string(am) + "/loss" + std::to_string(lm) + " ";
#if CUAD_OUTPUT == 1
      std::vector<float> w = rng.vec<float>(n + 1);
      auto loss = [&] { return dot(w, run(W, bias, X, act0, loss0)); };
      std::vector<float> wa(w.begin(), w.begin() + n), wl = {w[n]};
      DeviceArray<float> dW(W), db(bias), dX(X), dT(target), dA(act0), dL(loss0), gW(zeros<float>(W.size())),
          gb(zeros<float>(nout)), gX(zeros<float>(X.size())), gA(wa), gL(wl);
      CUAD_GRAD(CUAD_LAUNCH(dense_loss_grad_0_1_2_4_5, 1, 32, dW.ptr, db.ptr, dX.ptr, dT.ptr, dA.ptr, dL.ptr, nbatch,
                            nin, nout, am, lm, gW.ptr, gb.ptr, gX.ptr, gA.ptr, gL.ptr));
      check.array(tag + "W", gW.get(), fd(W, loss));
      check.array(tag + "bias", gb.get(), fd(bias, loss));
      check.array(tag + "X", gX.get(), fd(X, loss));
      check.array(tag + "act_out", gA.get(), zeros<double>(n));
      check.array(tag + "loss", gL.get(), fd(loss0, loss));
#else
      const std::vector<float> vW = rng.vec<float>(W.size()), vb = rng.vec<float>(nout), vX = rng.vec<float>(X.size()),
                               vA = rng.vec<float>(n), vL = {0.7f};
      auto outputs_at = [&](double t) {
        return as_doubles(run(along(W, t, vW), along(bias, t, vb), along(X, t, vX), along(act0, t, vA), along(loss0, t, vL)));
      };
      DeviceArray<float> dW(W), db(bias), dX(X), dT(target), dA(act0), dL(loss0), tW(vW), tb(vb), tX(vX), tA(vA), tL(vL);
      CUAD_GRAD(CUAD_LAUNCH(dense_loss_pushforward_0_1_2_4_5, 1, 32, dW.ptr, db.ptr, dX.ptr, dT.ptr, dA.ptr, dL.ptr,
                            nbatch, nin, nout, am, lm, tW.ptr, tb.ptr, tX.ptr, tA.ptr, tL.ptr));
      std::vector<float> tang = tA.get();
      tang.push_back(tL.get()[0]);
      check.array(tag + "tangent", as_doubles(tang), directional_fd<float>(outputs_at), default_tol<float>());
#endif
    }
  return check.finish();
}
