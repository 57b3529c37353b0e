#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// The user's kernels: one cell per thread.
__global__ void eval_cells(const double* U, Gas g, double* p, double* vel, double* cs, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double c;
  p[i] = primitive_from_conserved(U + 5 * i, g, vel + 3 * i, c);
  cs[i] = c;
}

__global__ void eval_sound(const double* p, const double* rho, Gas g, double* cs, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) cs[i] = stiffened_sound_speed(p[i], rho[i], g);
}

#ifndef CUAD_SELFTEST
#if CUAD_OUTPUT == 1
// L = sum_i p_i + wv . vel + wc . cs: the pullback's return seed is 1, vel and cs seeded.
__global__ void eval_cells_grad(const double* U, Gas g, const double* wv, const double* wc,
                                double* dU, Gas* dg, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double vel[3], c;
  double dvel[3] = {wv[3 * i], wv[3 * i + 1], wv[3 * i + 2]};
  double dc = wc[i];
  double du[5] = {0, 0, 0, 0, 0};
  Gas dgl{0.0, 0.0};
  primitive_from_conserved_grad(U + 5 * i, g, vel, c, du, &dgl, dvel, &dc);
  for (int k = 0; k < 5; ++k) dU[5 * i + k] = du[k];
  atomicAdd(&dg->gamma, dgl.gamma);
  atomicAdd(&dg->pinf, dgl.pinf);
}
#elif CUAD_OUTPUT == 2
__global__ void eval_cells_fwd(const double* U, Gas g, const double* vU, Gas vg, double* tp,
                               double* tvel, double* tcs, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double vel[3], c, dvel[3], dc = 0.0;
  auto r = primitive_from_conserved_pushforward(U + 5 * i, g, vel, c, vU + 5 * i, vg, dvel, dc);
  tp[i] = r.pushforward;
  for (int k = 0; k < 3; ++k) tvel[3 * i + k] = dvel[k];
  tcs[i] = dc;
}
#else
__global__ void eval_sound_grad(const double* p, const double* rho, Gas g, const double* w,
                                double* dp, double* drho, Gas* dg, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double a = 0.0, b = 0.0;
  Gas gl{0.0, 0.0};
  stiffened_sound_speed_grad(p[i], rho[i], g, &a, &b, &gl);
  dp[i] = w[i] * a;
  drho[i] = w[i] * b;
  atomicAdd(&dg->gamma, w[i] * gl.gamma);
  atomicAdd(&dg->pinf, w[i] * gl.pinf);
}
#endif
#endif

int main() {
  Checker check("rw12_cpp_dev_eos");
  const int n = 50;
  Rng rng(1201);
  Gas g{1.4, 0.5};
#if CUAD_OUTPUT == 3
  std::vector<double> p = rng.vec(n, 0.2, 2.0), rho = rng.vec(n, 0.5, 2.0), w = rng.vec(n);
  p[3] = -0.5 - 1e-3;  // a2 < 0: the floor branch, far from its kink
  p[7] = -0.6;
  auto loss = [&] {
    DeviceArray<double> dp(p), dr(rho), dc(zeros<double>(n));
    CUAD_LAUNCH(eval_sound, 2, 32, dp.ptr, dr.ptr, g, dc.ptr, n);
    return dot(w, dc.get());
  };
  DeviceArray<double> dp(p), dr(rho), dw(w), ap(zeros<double>(n)), ar(zeros<double>(n));
  DeviceArray<Gas> ag(std::vector<Gas>{Gas{0.0, 0.0}});
  CUAD_GRAD(CUAD_LAUNCH(eval_sound_grad, 2, 32, dp.ptr, dr.ptr, g, dw.ptr, ap.ptr, ar.ptr, ag.ptr, n));
  check.array("p", ap.get(), fd(p, loss));
  check.array("rho", ar.get(), fd(rho, loss));
  Gas gg = ag.get()[0];
  check.scalar("gamma", gg.gamma, fd(g.gamma, loss));
  check.scalar("pinf", gg.pinf, fd(g.pinf, loss));
#else
  std::vector<double> U(5 * n);
  for (int i = 0; i < n; ++i) {
    double rho = rng.uniform(0.6, 1.8);
    double v[3] = {rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)};
    double eint = (i % 5 == 2) ? rng.uniform(0.2, 0.6) : rng.uniform(3.0, 6.0);  // every 5th floored
    U[5 * i] = rho;
    double ke = 0;
    for (int d = 0; d < 3; ++d) { U[5 * i + 1 + d] = rho * v[d]; ke += 0.5 * rho * v[d] * v[d]; }
    U[5 * i + 4] = eint + ke;
  }
  auto run = [&](const std::vector<double>& u, Gas gas) {
    DeviceArray<double> dU(u), dp(zeros<double>(n)), dv(zeros<double>(3 * n)), dc(zeros<double>(n));
    CUAD_LAUNCH(eval_cells, 2, 32, dU.ptr, gas, dp.ptr, dv.ptr, dc.ptr, n);
    std::vector<double> out = dp.get(), v = dv.get(), c = dc.get();
    out.insert(out.end(), v.begin(), v.end());
    out.insert(out.end(), c.begin(), c.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  std::vector<double> wv = rng.vec(3 * n), wc = rng.vec(n);
  std::vector<double> wall(n, 1.0);
  wall.insert(wall.end(), wv.begin(), wv.end());
  wall.insert(wall.end(), wc.begin(), wc.end());
  auto loss = [&] { return dot(wall, run(U, g)); };
  DeviceArray<double> dU(U), dwv(wv), dwc(wc), aU(zeros<double>(5 * n));
  DeviceArray<Gas> ag(std::vector<Gas>{Gas{0.0, 0.0}});
  CUAD_GRAD(CUAD_LAUNCH(eval_cells_grad, 2, 32, dU.ptr, g, dwv.ptr, dwc.ptr, aU.ptr, ag.ptr, n));
  check.array("U", aU.get(), fd(U, loss));
  Gas gg = ag.get()[0];
  check.scalar("gamma", gg.gamma, fd(g.gamma, loss));
  check.scalar("pinf", gg.pinf, fd(g.pinf, loss));
#else
  std::vector<double> vU = rng.vec(5 * n, -0.3, 0.3);
  Gas vg{0.2, -0.4};
  auto outputs_at = [&](double t) {
    return run(along(U, t, vU), Gas{along(g.gamma, t, vg.gamma), along(g.pinf, t, vg.pinf)});
  };
  DeviceArray<double> dU(U), dvU(vU), tp(zeros<double>(n)), tv(zeros<double>(3 * n)), tc(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(eval_cells_fwd, 2, 32, dU.ptr, g, dvU.ptr, vg, tp.ptr, tv.ptr, tc.ptr, n));
  std::vector<double> got = tp.get(), v = tv.get(), c = tc.get();
  got.insert(got.end(), v.begin(), v.end());
  got.insert(got.end(), c.begin(), c.end());
  check.array("p, vel, cs", got, directional_fd<double>(outputs_at));
#endif
#endif
  return check.finish();
}
