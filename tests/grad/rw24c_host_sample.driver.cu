#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// The smallest gap between the best and second-best logit along the greedy path (a double
// replica of the model), for choosing weights whose path the finite differences cannot flip.
static double path_margin(const std::vector<float>& wte, const std::vector<float>& mix, int V, int C, int eos,
                          int max_steps) {
  std::vector<double> st(C, 0.0);
  int tok = 2;
  double margin = 1e30;
  for (int t = 0; t < max_steps; ++t) {
    for (int c = 0; c < C; ++c) {
      const double g = 1.0 / (1.0 + std::exp(-(double)mix[c]));
      st[c] = g * st[c] + (1.0 - g) * std::tanh((double)wte[tok * C + c]);
    }
    std::vector<double> lg(V);
    for (int v = 0; v < V; ++v) {
      double a = 0.0;
      for (int c = 0; c < C; ++c) a += st[(c + 1) % C] * wte[v * C + c];
      lg[v] = 4.0 * a;
    }
    int b = 0;
    for (int v = 1; v < V; ++v)
      if (lg[v] > lg[b]) b = v;
    for (int v = 0; v < V; ++v)
      if (v != b) margin = std::fmin(margin, lg[b] - lg[v]);
    tok = b;
    if (b == eos) break;
  }
  return margin;
}

int main() {
  Checker check("rw24c_host_sample");
  Rng rng(24315);
  const int V = 9, C = 6, max_steps = 8;
  std::vector<float> wte, mix;
  // draw weights until some end-of-sequence token is reached after 3 or more steps
  int eos = -1, n_ref = 0, tries = 0;
  for (; tries < 2000 && eos < 0; ++tries) {
    wte = rng.vec<float>(V * C, -1.0, 1.0);
    mix = rng.vec<float>(C, -2.0, 1.0);
    for (int e = 0; e < V && eos < 0; ++e) {
      if (e == 2) continue;
      int n = 0;
      generate_score(wte.data(), mix.data(), 2, e, max_steps, V, C, &n);
      if (n >= 3 && n < max_steps && path_margin(wte, mix, V, C, e, max_steps) > 0.05) eos = e, n_ref = n;
    }
  }
  std::printf("eos %d after %d steps (%d draws)\n", eos, n_ref, tries);
  check.expect(eos >= 0, "an eos token that stops generation early");
  int changed = 0;
  auto loss = [&] {
    int n = 0;
    const float s = generate_score(wte.data(), mix.data(), 2, eos, max_steps, V, C, &n);
    changed += n != n_ref;
    return (double)s;
  };
#if CUAD_OUTPUT == 1
  std::vector<float> gw(V * C, 0.0f), gm(C, 0.0f);
  int n = 0;
  CUAD_GRAD(generate_score_grad_0_1(wte.data(), mix.data(), 2, eos, max_steps, V, C, &n, gw.data(), gm.data()));
  check.array("wte", gw, fd(wte, loss));
  check.array("w_mix", gm, fd(mix, loss));
#else
  (void)loss;
  const std::vector<float> vw = rng.vec<float>(V * C), vm = rng.vec<float>(C);
  auto outputs_at = [&](double t) {
    std::vector<float> a = along(wte, t, vw), b = along(mix, t, vm);
    int n = 0;
    const float s = generate_score(a.data(), b.data(), 2, eos, max_steps, V, C, &n);
    changed += n != n_ref;
    return std::vector<double>{s};
  };
  double value = 0.0, tangent = 0.0;
  int n = 0;
  CUAD_GRAD(auto r = generate_score_pushforward(wte.data(), mix.data(), 2, eos, max_steps, V, C, &n, vw.data(), vm.data());
            value = r.value; tangent = r.pushforward);
  check.array("score tangent", std::vector<double>{tangent}, directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  int n2 = 0;
  check.scalar("score value", value, generate_score(wte.data(), mix.data(), 2, eos, max_steps, V, C, &n2), default_tol<float>());
#else
  (void)value;
#endif
#endif
  check.expect(changed == 0, "the path is stable under the finite differences");
  return check.finish();
}
