#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Every primal run and the derivative start from freshly initialised states (same draws).
int main() {
  Checker check("rw8_curand_dropout");
  const int rows = 40, in = 3, out = 4;
  const float p = 0.3f;
  Rng rng(81);
  std::vector<float> x = rng.vec<float>(rows * in), w = rng.vec<float>(out * in, -0.8, 0.8),
                     bias = rng.vec<float>(out, -0.3, 0.3), y0 = zeros<float>(rows * out);
  float sigma = 0.2f;
  DeviceArray<curandStatePhilox4_32_10_t> states{std::vector<curandStatePhilox4_32_10_t>(rows)};
  auto reset = [&] { CUAD_LAUNCH(init_rows, 1, 64, states.ptr, 42ull, rows); };
#if CUAD_OUTPUT == 1
  const std::vector<float> wy = rng.vec<float>(rows * out);
  auto loss = [&] {
    DeviceArray<float> dx(x), dw(w), db(bias), dy(y0);
    reset();
    CUAD_LAUNCH(noisy_dropout_layer, 1, 64, states.ptr, dx.ptr, dw.ptr, db.ptr, dy.ptr, p, sigma,
                rows, in, out, 1);
    return dot(wy, dy.get());
  };
  DeviceArray<float> dx(x), dw(w), db(bias), dy(y0), ax(zeros<float>(rows * in)),
      aw(zeros<float>(out * in)), ab(zeros<float>(out)), ay(wy);
  DeviceScalar<float> asig(0.0f);
  reset();
  CUAD_GRAD(CUAD_LAUNCH(noisy_dropout_layer_grad_1_2_3_4_6, 1, 64, states.ptr, dx.ptr, dw.ptr,
                        db.ptr, dy.ptr, p, sigma, rows, in, out, 1, ax.ptr, aw.ptr, ab.ptr, ay.ptr,
                        asig.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("w", aw.get(), fd(w, loss));
  check.array("bias", ab.get(), fd(bias, loss));
  check.scalar("sigma", asig.value(), fd(sigma, loss));
  check.array("y", ay.get(), fd(y0, loss));
  // Dropout really drops: some outputs are exactly zero.
  reset();
  DeviceArray<float> yy(y0);
  CUAD_LAUNCH(noisy_dropout_layer, 1, 64, states.ptr, dx.ptr, dw.ptr, db.ptr, yy.ptr, p, sigma,
              rows, in, out, 1);
  int zeros_seen = 0;
  for (float v : yy.get()) zeros_seen += v == 0.0f;
  check.expect(zeros_seen > 0 && zeros_seen < rows * out, "dropout zeroes some outputs");
#else
  const std::vector<float> vx = rng.vec<float>(rows * in), vw = rng.vec<float>(out * in),
                           vb = rng.vec<float>(out), vy = rng.vec<float>(rows * out);
  const float vsig = 0.6f;
  auto outputs_at = [&](double t) {
    DeviceArray<float> dx(along(x, t, vx)), dw(along(w, t, vw)), db(along(bias, t, vb)), dy(y0);
    reset();
    CUAD_LAUNCH(noisy_dropout_layer, 1, 64, states.ptr, dx.ptr, dw.ptr, db.ptr, dy.ptr, p,
                along(sigma, t, vsig), rows, in, out, 1);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dx(x), dw(w), db(bias), dy(y0), tx(vx), tw(vw), tb(vb), ty(vy);
  reset();
  CUAD_GRAD(CUAD_LAUNCH(noisy_dropout_layer_pushforward_1_2_3_4_6, 1, 64, states.ptr, dx.ptr,
                        dw.ptr, db.ptr, dy.ptr, p, sigma, rows, in, out, 1, tx.ptr, tw.ptr, tb.ptr,
                        ty.ptr, vsig));
  check.array("y", ty.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
