#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw6_const_stream_batch");
  const int n = 70, batch = 3;  // 2 x 32 threads stride over 70 samples, 2 block rows over 3 batches
  Rng rng(6064);
  std::vector<float> x = rng.vec<float>(n * batch), coef = rng.vec<float>(5),
                     y = zeros<float>(n * batch), w = rng.vec<float>(n * batch);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<float> out(n * batch);
    poly_features(x.data(), out.data(), coef.data(), n, batch);
    return dot(w, out);
  };
  std::vector<float> a_x = zeros<float>(n * batch), a_y = w;
  CUAD_GRAD(poly_features_grad_0_1(x.data(), y.data(), coef.data(), n, batch, a_x.data(),
                                   a_y.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("y", a_y, fd(y, loss));
#else
  std::vector<float> v = rng.vec<float>(n * batch);
  auto outputs_at = [&](double t) {
    std::vector<float> x2 = along(x, t, v), out(n * batch);
    poly_features(x2.data(), out.data(), coef.data(), n, batch);
    return as_doubles(out);
  };
  std::vector<float> t_y = zeros<float>(n * batch);
  CUAD_GRAD(poly_features_pushforward_0_1(x.data(), y.data(), coef.data(), n, batch, v.data(),
                                          t_y.data()));
  check.array("y", as_doubles(t_y), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
