#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_wave_leapfrog");
  const int n = 40, steps = 6;
  const float dt = 0.1f;
  Rng rng(3104);
  std::vector<float> u0 = rng.vec<float>(n), v0 = rng.vec<float>(n), w = rng.vec<float>(n);
  float c = 2.5f;
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<float> u(n);
    float e = wave_run(u0.data(), v0.data(), c, dt, n, steps, u.data());
    return e + dot(w, u);
  };
  std::vector<float> u(n), a_u0(n, 0.f), a_v0(n, 0.f), a_out = w;
  float a_c = 0.f;
  CUAD_GRAD(wave_run_grad_0_1_2_6(u0.data(), v0.data(), c, dt, n, steps, u.data(), a_u0.data(),
                                  a_v0.data(), &a_c, a_out.data()));
  check.array("u0", a_u0, fd(u0, loss));
  check.array("v0", a_v0, fd(v0, loss));
  check.scalar("c", a_c, fd(c, loss));
  check.array("u_out", a_out, std::vector<double>(n, 0.0));
#else
  std::vector<float> vu = rng.vec<float>(n), vv = rng.vec<float>(n);
  float vc = 0.7f, vdt = -0.2f;
  auto outputs_at = [&](double t) {
    std::vector<float> a = along(u0, t, vu), b = along(v0, t, vv), u(n);
    float e = wave_run(a.data(), b.data(), along(c, t, vc), along(dt, t, vdt), n, steps, u.data());
    std::vector<double> out = as_doubles(u);
    out.push_back(e);
    return out;
  };
  std::vector<float> u(n), d_u(n, 0.f);
  float e = 0, d_e = 0;
  CUAD_GRAD(auto r = wave_run_pushforward(u0.data(), v0.data(), c, dt, n, steps, u.data(),
                                          vu.data(), vv.data(), vc, vdt, d_u.data());
            e = r.value; d_e = r.pushforward);
  std::vector<double> got = as_doubles(d_u);
  got.push_back(d_e);
  check.array("u, e", got, directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  std::vector<float> u2(n);
  check.scalar("value", e, wave_run(u0.data(), v0.data(), c, dt, n, steps, u2.data()));
#endif
#endif
  return check.finish();
}
