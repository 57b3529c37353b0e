#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static void run(const std::vector<double>& x, std::vector<double>& y, int n) {
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  rescale_twice(x.data(), y.data(), n);
#else
  field_and_stream(x.data(), y.data(), n);
#endif
}

int main() {
  Checker check("host_memcpy_scalar_saves");
  Rng rng(7311);
  const int n = 5;
  std::vector<double> x = rng.vec(n, 0.5, 1.5), w = rng.vec(n);
#if CUAD_OUTPUT <= 2
  auto loss = [&] {
    std::vector<double> y(n);
    run(x, y, n);
    return dot(w, y);
  };
  std::vector<double> y(n), gx(n, 0.0), gy = w;
#if CUAD_OUTPUT == 1
  CUAD_GRAD(rescale_twice_grad_0_1(x.data(), y.data(), n, gx.data(), gy.data()));
#else
  CUAD_GRAD(field_and_stream_grad_0_1(x.data(), y.data(), n, gx.data(), gy.data()));
#endif
  check.array("x", gx, fd(x, loss));
  check.array("y", gy, zeros<double>(n));
#else
  const std::vector<double> v = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> y(n);
    run(along(x, t, v), y, n);
    return y;
  };
  std::vector<double> y(n), vy(n, 0.0);
  std::vector<double> vx = v;
#if CUAD_OUTPUT == 3
  CUAD_GRAD(rescale_twice_pushforward(x.data(), y.data(), n, vx.data(), vy.data()));
#else
  CUAD_GRAD(field_and_stream_pushforward(x.data(), y.data(), n, vx.data(), vy.data()));
#endif
  check.array("y", vy, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
