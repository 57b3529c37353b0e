#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rd_myocyte");
  const int ncells = 12;
  Rng rng(1212);
  std::vector<double> init(ncells * EQUATIONS), params(ncells * PARAMETERS);
  for (int c = 0; c < ncells; ++c) {
    double* y = &init[c * EQUATIONS];
    y[V_] = rng.uniform(-86.0, -80.0);
    y[M_] = rng.uniform(0.001, 0.01);
    y[H_] = rng.uniform(0.9, 0.99);
    y[J_] = rng.uniform(0.9, 0.99);
    y[NAI_] = rng.uniform(9.0, 11.0);
    y[KI_] = rng.uniform(135.0, 140.0);
    y[CAI_] = rng.uniform(1e-4, 3e-4);
    double* p = &params[c * PARAMETERS];
    p[0] = rng.uniform(14.0, 18.0);
    p[1] = rng.uniform(0.5, 0.7);
    p[2] = rng.uniform(0.05, 0.1);
    p[3] = rng.uniform(1.0, 1.5);
    p[4] = rng.uniform(20.0, 40.0);
    p[5] = rng.uniform(10.0, 30.0);
  }
  std::vector<double> fin0 = rng.vec(ncells * EQUATIONS);
  double dt = 0.004;  // explicit Euler stays stable for the fast m gate (bm ~ 150 / ms near rest)
  const int blocks = 2, threads = 8;  // a partial last block
#if CUAD_OUTPUT == 1
  // weights scaled per state so that every state matters in the loss
  std::vector<double> w = rng.vec(ncells * EQUATIONS);
  for (int c = 0; c < ncells; ++c) w[c * EQUATIONS + CAI_] *= 1e4;
  auto loss = [&] {
    DeviceArray<double> di(init), dp(params), df(fin0);
    CUAD_LAUNCH(solver_kernel, blocks, threads, ncells, di.ptr, dp.ptr, df.ptr, dt);
    return dot(w, df.get());
  };
  DeviceArray<double> di(init), dp(params), df(fin0), ai(zeros<double>(init.size())),
      ap(zeros<double>(params.size())), af(w);
  DeviceScalar<double> adt;
  CUAD_GRAD(CUAD_LAUNCH(solver_kernel_grad_1_2_3_4, blocks, threads, ncells, di.ptr, dp.ptr,
                        df.ptr, dt, ai.ptr, ap.ptr, af.ptr, adt.ptr));
  check.array("initvalues", ai.get(), fd(init, loss));
  check.array("params", ap.get(), fd(params, loss));
  check.array("finavalues", af.get(), fd(fin0, loss));
  check.scalar("dt", adt.get()[0], fd(dt, loss));
#else
  std::vector<double> vi(init.size()), vp(params.size());
  for (size_t k = 0; k < vi.size(); ++k) vi[k] = 1e-3 * init[k] * rng.uniform(-1.0, 1.0);
  for (size_t k = 0; k < vp.size(); ++k) vp[k] = 1e-2 * params[k] * rng.uniform(-1.0, 1.0);
  const double vdt = 0.3;
  auto outputs_at = [&](double t) {
    DeviceArray<double> di(along(init, t, vi)), dp(along(params, t, vp)), df(fin0);
    CUAD_LAUNCH(solver_kernel, blocks, threads, ncells, di.ptr, dp.ptr, df.ptr,
                along(dt, t, vdt));
    return df.get();
  };
  DeviceArray<double> di(init), dp(params), df(fin0), ti(vi), tp(vp),
      tf(zeros<double>(fin0.size()));
  CUAD_GRAD(CUAD_LAUNCH(solver_kernel_pushforward, blocks, threads, ncells, di.ptr, dp.ptr, df.ptr,
                        dt, ti.ptr, tp.ptr, tf.ptr, vdt));
  check.array("finavalues", tf.get(), directional_fd<double>(outputs_at), default_tol<double>());
#endif
  return check.finish();
}
