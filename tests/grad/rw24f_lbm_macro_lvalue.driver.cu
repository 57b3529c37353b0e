#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24f_lbm_macro_lvalue");
  Rng rng(24004);
  const int n = Q * NX * NY;
  // distributions near equilibrium at rest: w_k * rho with small perturbations
  const double wq[Q] = {4.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36};
  std::vector<float> fin(n);
  for (int k = 0; k < Q; ++k)
    for (int c = 0; c < NX * NY; ++c) fin[k * NX * NY + c] = (float)(wq[k] * rng.uniform(0.9, 1.1) + rng.uniform(-0.01, 0.01));
  std::vector<int> flags(NX * NY, NODE_FLUID);
  for (int x = 0; x < NX; ++x) flags[x] = flags[(NY - 1) * NX + x] = NODE_WALL;
  for (int y = 1; y < NY - 1; ++y) flags[y * NX] = NODE_INLET;
  float tau = 0.8f;
  const float u_in = 0.05f;
  const std::vector<float> init = rng.vec<float>(n);
  const dim3 grid(1, 2), block(8, 4);
  auto run = [&](const std::vector<float>& f, const std::vector<float>& fo, float t) {
    DeviceArray<float> d_f(f), d_o(fo);
    DeviceArray<int> d_fl(flags);
    CUAD_LAUNCH(lbm_collide_stream, grid, block, d_f.ptr, d_o.ptr, d_fl.ptr, t, u_in);
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  std::vector<float> fo = init;
  auto loss = [&] { return dot(w, run(fin, fo, tau)); };
  DeviceArray<float> d_f(fin), d_o(init), g_f(zeros<float>(n)), g_o(w);
  DeviceArray<int> d_fl(flags);
  DeviceScalar<float> g_t(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(lbm_collide_stream_grad_0_1_3, grid, block, d_f.ptr, d_o.ptr, d_fl.ptr, tau, u_in, g_f.ptr,
                        g_o.ptr, g_t.ptr));
  check.array("f_in", g_f.get(), fd(fin, loss));
  check.array("f_out", g_o.get(), fd(fo, loss));
  check.scalar("tau", g_t.value(), fd(tau, loss));
#else
  const std::vector<float> vf = rng.vec<float>(n), vo = rng.vec<float>(n);
  const float vt = 0.4f;
  auto outputs_at = [&](double t) { return as_doubles(run(along(fin, t, vf), along(init, t, vo), along(tau, t, vt))); };
  DeviceArray<float> d_f(fin), d_o(init), t_f(vf), t_o(vo);
  DeviceArray<int> d_fl(flags);
  CUAD_GRAD(CUAD_LAUNCH(lbm_collide_stream_pushforward_0_1_3, grid, block, d_f.ptr, d_o.ptr, d_fl.ptr, tau, u_in,
                        t_f.ptr, t_o.ptr, vt));
  check.array("f_out tangent", as_doubles(t_o.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("f_out value", d_o.get(), as_doubles(run(fin, init, tau)));
#endif
#endif
  return check.finish();
}
