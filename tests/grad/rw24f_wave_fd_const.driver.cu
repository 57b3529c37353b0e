#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24f_wave_fd_const");
  Rng rng(24002);
  const int nx = 16, nz = 13, n = nx * nz, order = 6;
  const float dt = 0.002f, dx = 0.01f, dz = 0.012f;
  std::vector<float> p = rng.vec<float>(n, -1.0, 1.0), pp = rng.vec<float>(n, -1.0, 1.0),
                     vel = rng.vec<float>(n, 1.5, 3.0);
  // the halo of p_next is never written: start it from a known value
  const std::vector<float> init = rng.vec<float>(n, -1.0, 1.0);
  const dim3 grid(2, 2), block(8, 8);
  auto run = [&](const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& v,
                 const std::vector<float>& pn) {
    DeviceArray<float> d_p(a), d_pp(b), d_v(v), d_n(pn);
    CUAD_LAUNCH(wave_step, grid, block, d_p.ptr, d_pp.ptr, d_v.ptr, d_n.ptr, nx, nz, order, dt, dx, dz);
    return d_n.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  std::vector<float> pn = init;
  auto loss = [&] { return dot(w, run(p, pp, vel, pn)); };
  DeviceArray<float> d_p(p), d_pp(pp), d_v(vel), d_n(init), g_p(zeros<float>(n)), g_pp(zeros<float>(n)),
      g_v(zeros<float>(n)), g_n(w);
  CUAD_GRAD(CUAD_LAUNCH(wave_step_grad_0_1_2_3, grid, block, d_p.ptr, d_pp.ptr, d_v.ptr, d_n.ptr, nx, nz,
                        order, dt, dx, dz, g_p.ptr, g_pp.ptr, g_v.ptr, g_n.ptr));
  check.array("p", g_p.get(), fd(p, loss));
  check.array("p_prev", g_pp.get(), fd(pp, loss));
  check.array("vel", g_v.get(), fd(vel, loss));
  check.array("p_next", g_n.get(), fd(pn, loss));
#else
  const std::vector<float> vp = rng.vec<float>(n), vpp = rng.vec<float>(n), vv = rng.vec<float>(n),
                           vn = rng.vec<float>(n);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(p, t, vp), along(pp, t, vpp), along(vel, t, vv), along(init, t, vn)));
  };
  DeviceArray<float> d_p(p), d_pp(pp), d_v(vel), d_n(init), t_p(vp), t_pp(vpp), t_v(vv), t_n(vn);
  CUAD_GRAD(CUAD_LAUNCH(wave_step_pushforward_0_1_2_3, grid, block, d_p.ptr, d_pp.ptr, d_v.ptr, d_n.ptr, nx, nz,
                        order, dt, dx, dz, t_p.ptr, t_pp.ptr, t_v.ptr, t_n.ptr));
  check.array("p_next tangent", as_doubles(t_n.get()), directional_fd<float>(outputs_at),
              default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("p_next value", d_n.get(), as_doubles(run(p, pp, vel, init)));
#endif
#endif
  return check.finish();
}
