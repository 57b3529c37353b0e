#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20b_epilogue_mish_fwd");
  Rng rng(200208);
  const int rows = 12, cols = 16, n = rows * cols;
  // Pre-activations alpha * acc + bias stay away from 0 (the softplus |x| / max(x, 0) kink).
  std::vector<double> acc(n), bias = rng.vec(cols, -0.5, 0.5);
  const double alpha = 1.25;
  for (int i = 0; i < n; ++i) {
    const double z = rng.uniform(0.1, 3.0) * (rng.uniform(0.0, 1.0) < 0.5 ? -1.0 : 1.0);
    acc[i] = (z - bias[i % cols]) / alpha;
  }
  const std::vector<double> vacc = rng.vec(n), vbias = rng.vec(cols);
  const double valpha = 0.3;
  auto outputs_at = [&](double t) {
    DeviceArray<double> da(along(acc, t, vacc)), db(along(bias, t, vbias)), dout(n, 0.0);
    CUAD_LAUNCH(bias_act<Mish>, 3, 64, da.ptr, db.ptr, dout.ptr, along(alpha, t, valpha), rows,
                cols);
    return dout.get();
  };
  DeviceArray<double> da(acc), db(bias), dout(n, 0.0), ta(vacc), tb(vbias), tout(n, 0.0);
  CUAD_GRAD(CUAD_LAUNCH(bias_act_pushforward<Mish>, 3, 64, da.ptr, db.ptr, dout.ptr, alpha, rows,
                        cols, ta.ptr, tb.ptr, tout.ptr, valpha));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
  return check.finish();
}
