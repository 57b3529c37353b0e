#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Float inputs: tangents are compared with float tolerances.

int main() {
  Checker check("host_lambda_local");
#if CUAD_OUTPUT <= 2
  const int n = 100;  // two blocks of 64, the second partial
  Rng rng(8301);
  std::vector<float> x = rng.vec<float>(n), y = zeros<float>(n), w = rng.vec<float>(n);
  float s = 0.7f;
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<float> out(n);
    scale_sq(out.data(), x.data(), s, n);
    return dot(w, out);
  };
  std::vector<float> a_x = zeros<float>(n), a_y = w;
  float a_s = 0.0f;
  CUAD_GRAD(scale_sq_grad_0_1_2(y.data(), x.data(), s, n, a_y.data(), a_x.data(), &a_s));
  check.array("x", a_x, fd(x, loss));
  check.scalar("s", a_s, fd(s, loss));
  check.array("y", a_y, fd(y, loss));
#else
  std::vector<float> vx = rng.vec<float>(n);
  const float vs = -0.6f;
  auto outputs_at = [&](double t) {
    std::vector<float> xs = along(x, t, vx), out(n);
    scale_sq(out.data(), xs.data(), along(s, t, vs), n);
    return as_doubles(out);
  };
  std::vector<float> t_y = zeros<float>(n);
  CUAD_GRAD(scale_sq_pushforward(y.data(), x.data(), s, n, t_y.data(), vx.data(), vs));
  check.array("y", as_doubles(t_y), directional_fd<float>(outputs_at), Tol{2e-3, 1e-2});
#endif
#else
  const int n = 300;  // three blocks of 32 x 4 items, the last partial
  Rng rng(8302);
  std::vector<float> x = rng.vec<float>(n), y = zeros<float>(n), w = rng.vec<float>(n);
  float a = 0.9f, b = -0.35f;
#if CUAD_OUTPUT == 3
  auto loss = [&] {
    std::vector<float> out(n);
    blocked(out.data(), x.data(), a, b, n);
    return dot(w, out);
  };
  std::vector<float> a_x = zeros<float>(n), a_y = w;
  float a_a = 0.0f, a_b = 0.0f;
  CUAD_GRAD(blocked_grad_0_1_2_3(y.data(), x.data(), a, b, n, a_y.data(), a_x.data(), &a_a, &a_b));
  check.array("x", a_x, fd(x, loss));
  check.scalar("a", a_a, fd(a, loss));
  check.scalar("b", a_b, fd(b, loss));
  check.array("y", a_y, fd(y, loss));
#else
  std::vector<float> vx = rng.vec<float>(n);
  const float va = 0.4f, vb = 1.3f;
  auto outputs_at = [&](double t) {
    std::vector<float> xs = along(x, t, vx), out(n);
    blocked(out.data(), xs.data(), along(a, t, va), along(b, t, vb), n);
    return as_doubles(out);
  };
  std::vector<float> t_y = zeros<float>(n);
  CUAD_GRAD(blocked_pushforward(y.data(), x.data(), a, b, n, t_y.data(), vx.data(), va, vb));
  check.array("y", as_doubles(t_y), directional_fd<float>(outputs_at), Tol{2e-3, 1e-2});
#endif
#endif
  return check.finish();
}
