#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw6_stream_alloc");
  const int n = 37, channels = 2, batch = 2;  // 2 blocks of 32 per row, 4 rows
  const int total = n * channels * batch;
  Rng rng(6071);
  std::vector<float> x = rng.vec<float>(total, -2.0, 2.0), y0 = zeros<float>(total),
                     w = rng.vec<float>(total);
  auto run = [&](const std::vector<float>& xv) {
    std::vector<float> y(total);
    smooth_batch(xv.data(), y.data(), n, channels, batch);
    return y;
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x)); };
  std::vector<float> a_x = zeros<float>(total), a_y = w, y = y0;
  CUAD_GRAD(smooth_batch_grad_0_1(x.data(), y.data(), n, channels, batch, a_x.data(), a_y.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("y", a_y, fd(y0, loss));
#else
  std::vector<float> v = rng.vec<float>(total), t_y = zeros<float>(total), y = y0;
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, v))); };
  CUAD_GRAD(smooth_batch_pushforward(x.data(), y.data(), n, channels, batch, v.data(),
                                         t_y.data()));
  check.array("y", as_doubles(t_y), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
