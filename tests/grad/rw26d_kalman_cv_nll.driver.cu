#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 2
__global__ void step_one(double* x, double* P, double z, double dt, double q, double r, double* out) {
  if (threadIdx.x == 0) out[0] = kf_step(x, (double(*)[2])P, z, true, dt, q, r);
}
__global__ void step_one_grad(double* x, double* P, double z, double dt, double q, double r, double* gx, double* gP,
                              double* gz, double* gq, double* gr) {
  if (threadIdx.x == 0)
    CUAD_GRAD(kf_step_grad_0_1_2_5_6(x, (double(*)[2])P, z, true, dt, q, r, gx, (double(*)[2])gP, gz, gq, gr));
}
#endif

int main() {
  Checker check("rw26d_kalman_cv_nll");
  Rng rng(26403);
#if CUAD_OUTPUT == 1
  const int ns = 6, T = 25;
  const double dt = 0.1, p0 = 2.0;
  double q = 0.8, r = 0.05;
  std::vector<double> z(ns * T);
  std::vector<unsigned char> mask(ns * T);
  for (int s = 0; s < ns; ++s) {
    double pos = rng.uniform(-1, 1), vel = rng.uniform(-2, 2);
    for (int t = 0; t < T; ++t) {
      vel += 0.3 * rng.uniform(-1, 1);
      pos += dt * vel;
      z[s * T + t] = pos + 0.2 * rng.uniform(-1, 1);
      mask[s * T + t] = rng.uniform(0, 1) < 0.8 ? 1 : 0;
    }
  }
  const double wn = 0.7;
  auto loss = [&] {
    DeviceArray<double> d_z(z), d_n(zeros<double>(1));
    DeviceArray<unsigned char> d_m(mask);
    CUAD_LAUNCH(kalman_nll, 1, 32, d_z.ptr, d_m.ptr, ns, T, dt, q, r, p0, d_n.ptr);
    return wn * d_n.get()[0];
  };
  DeviceArray<double> d_z(z), d_n(zeros<double>(1)), g_z(zeros<double>(ns * T)), g_n(std::vector<double>{wn});
  DeviceArray<unsigned char> d_m(mask);
  DeviceScalar<double> g_q, g_r;
  CUAD_GRAD(CUAD_LAUNCH(kalman_nll_grad_0_5_6_8, 1, 32, d_z.ptr, d_m.ptr, ns, T, dt, q, r, p0, d_n.ptr, g_z.ptr,
                        g_q.ptr, g_r.ptr, g_n.ptr));
  check.array("z", g_z.get(), fd(z, loss));
  check.scalar("q", g_q.value(), fd(q, loss));
  check.scalar("r", g_r.value(), fd(r, loss));
  check.scalar("nll", g_n.get()[0], wn);  // atomicAdd accumulates: the output's adjoint passes through
#else
  std::vector<double> x = {0.3, -0.7}, P = {0.9, 0.2, 0.2, 0.5};
  double z = 0.45, q = 0.6, r = 0.1;
  const double dt = 0.2;
  const std::vector<double> wx = rng.vec<double>(2), wP = rng.vec<double>(4);
  const double wret = 1.0;  // the gradient seeds the return value with 1
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_P(P), d_o(zeros<double>(1));
    CUAD_LAUNCH(step_one, 1, 1, d_x.ptr, d_P.ptr, z, dt, q, r, d_o.ptr);
    return wret * d_o.get()[0] + dot(wx, d_x.get()) + dot(wP, d_P.get());
  };
  DeviceArray<double> d_x(x), d_P(P), g_x(wx), g_P(wP);
  DeviceScalar<double> g_z, g_q, g_r;
  CUAD_GRAD(CUAD_LAUNCH(step_one_grad, 1, 1, d_x.ptr, d_P.ptr, z, dt, q, r, g_x.ptr, g_P.ptr, g_z.ptr, g_q.ptr,
                        g_r.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("P", g_P.get(), fd(P, loss));
  check.scalar("z", g_z.value(), fd(z, loss));
  check.scalar("q", g_q.value(), fd(q, loss));
  check.scalar("r", g_r.value(), fd(r, loss));
#endif
  return check.finish();
}
