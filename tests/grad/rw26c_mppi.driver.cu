#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int H = 16;

static CostWeights<float> weights(const std::vector<float>& v) {
  return CostWeights<float>{v[0], v[1], v[2], v[3], {v[4], v[5]}};
}
static std::vector<float> flat(const CostWeights<float>& W) {
  return {W.q_pos, W.q_vel, W.r_u, W.terminal, W.goal[0], W.goal[1]};
}

#if CUAD_OUTPUT == 1
__global__ void cost_rows(int n, const float* x0, const float* u, CostWeights<float> W, float dt, float* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = horizon_cost<float, H>(x0 + 4 * i, u + 2 * H * i, W, dt);
}
#ifndef CUAD_SELFTEST
__global__ void cost_rows_grad(int n, const float* x0, const float* u, CostWeights<float> W, float dt, const float* w,
                               float* g_x0, float* g_u, CostWeights<float>* g_W) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float gx[4] = {0, 0, 0, 0}, gu[2 * H];
    for (int j = 0; j < 2 * H; ++j) gu[j] = 0.0f;
    CostWeights<float> gW{0, 0, 0, 0, {0, 0}};
    horizon_cost_grad_0_1_2<float, H>(x0 + 4 * i, u + 2 * H * i, W, dt, gx, gu, &gW);
    for (int k = 0; k < 4; ++k) g_x0[4 * i + k] = w[i] * gx[k];
    for (int j = 0; j < 2 * H; ++j) g_u[2 * H * i + j] = w[i] * gu[j];
    g_W[i] = CostWeights<float>{w[i] * gW.q_pos, w[i] * gW.q_vel, w[i] * gW.r_u, w[i] * gW.terminal,
                                {w[i] * gW.goal[0], w[i] * gW.goal[1]}};
  }
}
#endif
#endif

int main() {
  Checker check("rw26c_mppi");
  Rng rng(27301);
  const float dt = 0.1f;
  std::vector<float> wv = {1.0f, 0.1f, 0.05f, 5.0f, 0.8f, -0.5f};
  const Tol tol{3e-3, 2e-2};
#if CUAD_OUTPUT == 1
  const int n = 20;
  std::vector<float> x0 = rng.vec<float>(4 * n, -1.0, 1.0), u = rng.vec<float>(2 * H * n, -1.5, 1.5),
                     w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_x(x0), d_u(u), d_o(zeros<float>(n));
    CUAD_LAUNCH(cost_rows, 1, 32, n, d_x.ptr, d_u.ptr, weights(wv), dt, d_o.ptr);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_x(x0), d_u(u), d_w(w), g_x(zeros<float>(x0.size())), g_u(zeros<float>(u.size()));
  DeviceArray<CostWeights<float>> g_W(std::vector<CostWeights<float>>(n, weights(zeros<float>(6))));
  CUAD_GRAD(CUAD_LAUNCH(cost_rows_grad, 1, 32, n, d_x.ptr, d_u.ptr, weights(wv), dt, d_w.ptr, g_x.ptr, g_u.ptr, g_W.ptr));
  std::vector<double> gW(6, 0.0);
  for (const auto& g : g_W.get()) {
    std::vector<float> f = flat(g);
    for (int k = 0; k < 6; ++k) gW[k] += f[k];
  }
  check.array("x0", g_x.get(), fd(x0, loss), tol);
  check.array("u", g_u.get(), fd(u, loss), tol);
  check.array("W", gW, fd(wv, loss), tol);
#elif CUAD_OUTPUT == 2
  const int ns = 40;
  std::vector<float> x0 = {0.1f, -0.3f, 0.2f, 0.05f}, un = rng.vec<float>(2 * H, -0.5, 0.5),
                     noise = rng.vec<float>(2 * H * ns, -0.8, 0.8), w = rng.vec<float>(ns);
  auto loss = [&] {
    DeviceArray<float> d_x(x0), d_u(un), d_n(noise), d_c(zeros<float>(ns));
    CUAD_LAUNCH((mppi_costs<float, H>), 2, 32, ns, d_x.ptr, d_u.ptr, d_n.ptr, weights(wv), dt, d_c.ptr);
    return dot(w, d_c.get());
  };
  DeviceArray<float> d_x(x0), d_u(un), d_n(noise), d_c(zeros<float>(ns)), g_x(zeros<float>(4)),
      g_u(zeros<float>(un.size())), g_n(zeros<float>(noise.size())), g_c(w);
  DeviceArray<CostWeights<float>> g_W(std::vector<CostWeights<float>>{weights(zeros<float>(6))});
  CUAD_GRAD(CUAD_LAUNCH((mppi_costs_grad_1_2_3_4_6<float, H>), 2, 32, ns, d_x.ptr, d_u.ptr, d_n.ptr, weights(wv), dt,
                        d_c.ptr, g_x.ptr, g_u.ptr, g_n.ptr, g_W.ptr, g_c.ptr));
  check.array("x0", g_x.get(), fd(x0, loss), tol);
  check.array("u_nominal", g_u.get(), fd(un, loss), tol);
  check.array("noise", g_n.get(), fd(noise, loss), tol);
  check.array("W", as_doubles(flat(g_W.get()[0])), fd(wv, loss), tol);
  check.array("costs", g_c.get(), zeros<double>(ns));
#else
  const int ns = 50, nc = 2 * H;
  const float lambda = 0.7f;
  std::vector<float> costs = rng.vec<float>(ns, 1.0, 3.0), noise = rng.vec<float>(ns * nc, -0.5, 0.5),
                     un = rng.vec<float>(nc), w = rng.vec<float>(nc);
  auto loss = [&] {
    DeviceArray<float> d_c(costs), d_n(noise), d_u(un), d_o(zeros<float>(nc));
    CUAD_LAUNCH(mppi_update, 1, 64, ns, nc, lambda, d_c.ptr, d_n.ptr, d_u.ptr, d_o.ptr);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_c(costs), d_n(noise), d_u(un), d_o(zeros<float>(nc)), g_c(zeros<float>(ns)),
      g_n(zeros<float>(noise.size())), g_u(zeros<float>(nc)), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(mppi_update_grad_3_4_5_6, 1, 64, ns, nc, lambda, d_c.ptr, d_n.ptr, d_u.ptr, d_o.ptr, g_c.ptr,
                        g_n.ptr, g_u.ptr, g_o.ptr));
  check.array("costs", g_c.get(), fd(costs, loss), tol);
  check.array("noise", g_n.get(), fd(noise, loss), tol);
  check.array("u_nominal", g_u.get(), fd(un, loss), tol);
  check.array("u_new", g_o.get(), zeros<double>(nc));
#endif
  return check.finish();
}
