#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Float inputs: the tangents are compared with float tolerances (as_doubles would pick the
// double ones).

int main() {
  Checker check("lambda_templates");
#if CUAD_OUTPUT <= 2
  const int n = 40, m = 5;
  Rng rng(8201);
  std::vector<float> x = rng.vec<float>(n * m), s = {0.7f, -0.4f}, y = zeros<float>(n),
                     w = rng.vec<float>(n);
  auto run = [&](const std::vector<float>& xv, const std::vector<float>& sv) {
    DeviceArray<float> d_x(xv), d_s(sv), d_y(y);
    CUAD_LAUNCH(lam_device, 2, 32, d_y.ptr, d_x.ptr, d_s.ptr, n, m);
    return d_y.get();
  };
  DeviceArray<float> d_x(x), d_s(s), d_y(y);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x, s)); };
  DeviceArray<float> a_x(zeros<float>(n * m)), a_s(zeros<float>(2)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(lam_device_grad_0_1_2, 2, 32, d_y.ptr, d_x.ptr, d_s.ptr, n, m, a_y.ptr,
                        a_x.ptr, a_s.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("s", a_s.get(), fd(s, loss));
  check.array("y", a_y.get(), fd(y, loss));
#else
  std::vector<float> vx = rng.vec<float>(n * m), vs = {0.3f, 1.1f};
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx), along(s, t, vs))); };
  DeviceArray<float> t_x(vx), t_s(vs), t_y(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(lam_device_pushforward, 2, 32, d_y.ptr, d_x.ptr, d_s.ptr, n, m, t_y.ptr,
                        t_x.ptr, t_s.ptr));
  check.array("y", as_doubles(t_y.get()), directional_fd<float>(outputs_at), Tol{2e-3, 1e-2});
#endif
#else
  const int n = 100;  // two blocks of 64, the second partial
  Rng rng(8202);
  std::vector<float> x = rng.vec<float>(n), y = zeros<float>(n), w = rng.vec<float>(n);
  float scale = 0.8f;
#if CUAD_OUTPUT == 3
  auto loss = [&] {
    std::vector<float> out(n);
    lam_host(out.data(), x.data(), scale, n);
    return dot(w, out);
  };
  std::vector<float> a_x = zeros<float>(n), a_y = w;
  float a_scale = 0.0f;
  CUAD_GRAD(lam_host_grad_0_1_2(y.data(), x.data(), scale, n, a_y.data(), a_x.data(), &a_scale));
  check.array("x", a_x, fd(x, loss));
  check.scalar("scale", a_scale, fd(scale, loss));
  check.array("y", a_y, fd(y, loss));
#else
  std::vector<float> vx = rng.vec<float>(n);
  const float vscale = -0.6f;
  auto outputs_at = [&](double t) {
    std::vector<float> xs = along(x, t, vx), out(n);
    lam_host(out.data(), xs.data(), along(scale, t, vscale), n);
    return as_doubles(out);
  };
  std::vector<float> t_y = zeros<float>(n);
  CUAD_GRAD(lam_host_pushforward(y.data(), x.data(), scale, n, t_y.data(), vx.data(), vscale));
  check.array("y", as_doubles(t_y), directional_fd<float>(outputs_at), Tol{2e-3, 1e-2});
#endif
#endif
  return check.finish();
}
