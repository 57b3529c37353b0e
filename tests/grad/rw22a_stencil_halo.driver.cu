#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22a_stencil_halo");
  const int n = 75, taps = 2 * RADIUS + 1;  // 3 blocks of 32, the last with 11 live threads
  const int blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
  Rng rng(22103);
  std::vector<float> in = rng.vec<float>(n), coef = rng.vec<float>(taps, -0.6, 0.6),
                     out = rng.vec<float>(n);
  auto run = [&](const std::vector<float>& x, const std::vector<float>& c) {
    DeviceArray<float> di(x), dc(c), dout(out);
    CUAD_LAUNCH(stencil_1d, blocks, BLOCK_SIZE, di.ptr, dout.ptr, dc.ptr, n);
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(in, coef)); };
  DeviceArray<float> di(in), dc(coef), dout(out), ai(zeros<float>(n)), ac(zeros<float>(taps)),
      aout(w);
  CUAD_GRAD(CUAD_LAUNCH(stencil_1d_grad_0_1_2, blocks, BLOCK_SIZE, di.ptr, dout.ptr, dc.ptr, n, ai.ptr,
                        aout.ptr, ac.ptr));
  check.array("in", ai.get(), fd(in, loss));
  check.array("coef", ac.get(), fd(coef, loss));
  check.array("out", aout.get(), fd(out, loss));
#else
  std::vector<float> vi = rng.vec<float>(n), vc = rng.vec<float>(taps, -0.3, 0.3);
  auto outputs_at = [&](double t) { return as_doubles(run(along(in, t, vi), along(coef, t, vc))); };
  DeviceArray<float> di(in), dc(coef), dout(out), ti(vi), tc(vc), tout(n, 7.0f);
  CUAD_GRAD(CUAD_LAUNCH(stencil_1d_pushforward, blocks, BLOCK_SIZE, di.ptr, dout.ptr, dc.ptr, n,
                        ti.ptr, tout.ptr, tc.ptr));
  check.array("out tangent", tout.get(), directional_fd<float>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("out value", dout.get(), as_doubles(run(in, coef)));
#endif
#endif
  return check.finish();
}
