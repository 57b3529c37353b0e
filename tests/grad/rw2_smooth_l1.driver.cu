#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_smooth_l1");
  const int rows = 9, n = rows * 4;
  Rng rng(204);
  std::vector<float> p = rng.vec<float>(n, -2.0, 2.0), t = rng.vec<float>(n, -2.0, 2.0),
                     rw = rng.vec<float>(rows, 0.5, 1.5), out = rng.vec<float>(n),
                     w = rng.vec<float>(n);
  float beta = 0.8f;
  for (int i = 0; i < n; ++i) {  // stay away from |d| == beta and d == 0
    float d = std::fabs(p[i] - t[i]);
    if (std::fabs(d - beta) < 0.05f || d < 0.05f) p[i] += 0.2f;
  }
  dim3 block(4, 4), grid(3);
  DeviceArray<float> d_rw(rw);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_p(p), d_t(t);
    CUAD_LAUNCH(smooth_l1_fwd, grid, block, d_o.ptr, d_p.ptr, d_t.ptr, d_rw.ptr, beta, rows);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_p(p), d_t(t), a_o(w), a_p(zeros<float>(n)), a_t(zeros<float>(n));
  DeviceScalar<float> a_b;
  CUAD_GRAD(CUAD_LAUNCH(smooth_l1_fwd_grad_0_1_2_4, grid, block, d_o.ptr, d_p.ptr, d_t.ptr,
                        d_rw.ptr, beta, rows, a_o.ptr, a_p.ptr, a_t.ptr, a_b.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("pred", a_p.get(), fd(p, loss));
  check.array("target", a_t.get(), fd(t, loss));
  check.scalar("beta", a_b.value(), fd(beta, loss));
  return check.finish();
}
