#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// slopes away from the limiters' kinks (sign changes, 2|a| = |a + b|/2 switches, ...)
static bool slopes_ok(double a, double b) {
  if (std::fabs(a) < 0.05 || std::fabs(b) < 0.05) return false;
  if (a * b < 0) return true;
  const double r = b / a;
  for (double k : {1.0 / 3.0, 3.0, 1.0})
    if (std::fabs(r / k - 1.0) < 0.1) return false;
  return true;
}

int main() {
  Checker check("rw24a_muscl2d_functor_tile");
  Rng rng(24861);
  const int nx = 16, ny = 8, n = nx * ny;  // 2 x 1 blocks of 8 x 8
  const float ax = 0.8f, ay = 0.5f, dt_dx = 0.4f;
  std::vector<float> q(n);
  for (auto& v : q) v = (float)rng.uniform(0.0, 2.0);
  auto at = [&](int a, int b) { return (double)q[((b % ny + ny) % ny) * nx + (a % nx + nx) % nx]; };
  auto cell_ok = [&](int i, int j) {
    return slopes_ok(at(i, j) - at(i - 1, j), at(i + 1, j) - at(i, j)) &&
           slopes_ok(at(i, j) - at(i, j - 1), at(i, j + 1) - at(i, j));
  };
  bool ok = false;
  for (int sweep = 0; sweep < 5000 && !ok; ++sweep) {  // redraw the centres of bad stencils
    ok = true;
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i)
        if (!cell_ok(i, j)) {
          ok = false;
          q[j * nx + i] = (float)rng.uniform(0.0, 2.0);
        }
  }
  check.expect(ok, "slopes away from the limiter kinks");
  auto run = [&](const std::vector<float>& qq) {
    DeviceArray<float> d_q(qq), d_qn(zeros<float>(n));
#if CUAD_OUTPUT == 2
    CUAD_LAUNCH((muscl2d_step<VanLeer, 8>), dim3(2, 1), dim3(8, 8), d_q.ptr, d_qn.ptr, ax, ay, dt_dx, nx, ny);
#else
    CUAD_LAUNCH((muscl2d_step<MC, 8>), dim3(2, 1), dim3(8, 8), d_q.ptr, d_qn.ptr, ax, ay, dt_dx, nx, ny);
#endif
    return d_qn.get();
  };
#if CUAD_OUTPUT != 3
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(q)); };
  DeviceArray<float> d_q(q), d_qn(zeros<float>(n)), g_q(zeros<float>(n)), g_qn(w);
#if CUAD_OUTPUT == 2
  CUAD_GRAD(CUAD_LAUNCH((muscl2d_step_grad_0_1<VanLeer, 8>), dim3(2, 1), dim3(8, 8), d_q.ptr, d_qn.ptr, ax, ay,
                        dt_dx, nx, ny, g_q.ptr, g_qn.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH((muscl2d_step_grad_0_1<MC, 8>), dim3(2, 1), dim3(8, 8), d_q.ptr, d_qn.ptr, ax, ay,
                        dt_dx, nx, ny, g_q.ptr, g_qn.ptr));
#endif
  check.array("q", g_q.get(), fd(q, loss));
  check.array("qn", g_qn.get(), zeros<double>(n));
#else
  const std::vector<float> vq = rng.vec<float>(n), vqn = rng.vec<float>(n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(q, t, vq))); };
  DeviceArray<float> d_q(q), d_qn(zeros<float>(n)), t_q(vq), t_qn(vqn);
  CUAD_GRAD(CUAD_LAUNCH((muscl2d_step_pushforward_0_1<MC, 8>), dim3(2, 1), dim3(8, 8), d_q.ptr, d_qn.ptr, ax, ay,
                        dt_dx, nx, ny, t_q.ptr, t_qn.ptr));
  check.array("qn tangent", as_doubles(t_qn.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
