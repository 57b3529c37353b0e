#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw15c_act_namespaces");
  const int rows = 6, channels = 40;
  Rng rng(15003);
  // Rows 0..5: Relu, Leaky, GeluExact, GeluTanh, Softplus, Leaky with the default slope.
  std::vector<int> acts = {0, 1, 2, 3, 4, 5};
  std::vector<double> x = rng.vec(rows * channels, -2.0, 2.0), bias = rng.vec(channels, -0.5, 0.5),
                      w = rng.vec(rows * channels);
  // Keep x + bias away from the kinks at 0 (relu, leaky) by far more than the steps.
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < channels; ++c) {
      double& v = x[r * channels + c];
      double s = v + bias[c];
      if (std::fabs(s) < 0.05) v += (s >= 0 ? 0.1 : -0.1);
    }
  double slope = 0.2;
  DeviceArray<int> dact(acts);
  dim3 grid(2, rows), block(32);
  auto run = [&](const std::vector<double>& xs, const std::vector<double>& bs, double sl) {
    DeviceArray<double> dx(xs), db(bs), dy(rows * channels, 0.0);
    CUAD_LAUNCH(bias_act, grid, block, dx.ptr, db.ptr, sl, dy.ptr, dact.ptr, channels);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x, bias, slope)); };
  DeviceArray<double> dx(x), db(bias), dy(rows * channels, 0.0), ax(zeros<double>(rows * channels)),
      ab(zeros<double>(channels)), ay(w);
  DeviceScalar<double> as(0.0);
  CUAD_GRAD(CUAD_LAUNCH(bias_act_grad_0_1_2_3, grid, block, dx.ptr, db.ptr, slope, dy.ptr, dact.ptr,
                        channels, ax.ptr, ab.ptr, as.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("bias", ab.get(), fd(bias, loss));
  check.scalar("slope", as.value(), fd(slope, loss));
  check.array("y", ay.get(), zeros<double>(rows * channels));
#elif CUAD_OUTPUT == 2
  std::vector<double> vx = rng.vec(rows * channels), vb = rng.vec(channels);
  auto outputs_at = [&](double t) { return run(along(x, t, vx), along(bias, t, vb), slope); };
  DeviceArray<double> dx(x), db(bias), dy(rows * channels, 0.0), tx(vx), tb(vb),
      ty(rows * channels, 0.0);
  CUAD_GRAD(CUAD_LAUNCH(bias_act_pushforward_0_1_3, grid, block, dx.ptr, db.ptr, slope, dy.ptr,
                        dact.ptr, channels, tx.ptr, tb.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<double>(outputs_at));
#else
  const int n = 100;
  std::vector<float> xf = rng.vec<float>(n, -2.0, 2.0), wf = rng.vec<float>(n);
  for (float& v : xf)
    if (std::fabs(v) < 0.05f) v += 0.1f;
  auto loss = [&] {
    DeviceArray<float> dx(xf), dy(n, 0.0f);
    CUAD_LAUNCH(gate_f, 2, 32, dx.ptr, dy.ptr, n);
    return dot(wf, dy.get());
  };
  DeviceArray<float> dx(xf), dy(n, 0.0f), ax(zeros<float>(n)), ay(wf);
  CUAD_GRAD(CUAD_LAUNCH(gate_f_grad_0_1, 2, 32, dx.ptr, dy.ptr, n, ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(xf, loss));
  check.array("y", ay.get(), zeros<double>(n));
#endif
  return check.finish();
}
