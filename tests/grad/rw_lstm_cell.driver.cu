#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw_lstm_cell");
  const int batch = 5, hidden = 24, n = batch * hidden;
  Rng rng(47);
  std::vector<float> g = rng.vec<float>(4 * n, -2.0, 2.0), cp = rng.vec<float>(n),
                     h = rng.vec<float>(n), c = rng.vec<float>(n), wh = rng.vec<float>(n),
                     wc = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_h(h), d_c(c), d_g(g), d_cp(cp);
    CUAD_LAUNCH(lstm_cell, 2, 64, d_h.ptr, d_c.ptr, d_g.ptr, d_cp.ptr, batch, hidden);
    return dot(wh, d_h.get()) + dot(wc, d_c.get());
  };
  DeviceArray<float> d_h(h), d_c(c), d_g(g), d_cp(cp), a_h(wh), a_c(wc), a_g(zeros<float>(4 * n)),
      a_cp(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(lstm_cell_grad_0_1_2_3, 2, 64, d_h.ptr, d_c.ptr, d_g.ptr, d_cp.ptr, batch,
                        hidden, a_h.ptr, a_c.ptr, a_g.ptr, a_cp.ptr));
  check.array("h", a_h.get(), fd(h, loss));
  check.array("c", a_c.get(), fd(c, loss));
  check.array("gates", a_g.get(), fd(g, loss));
  check.array("c_prev", a_cp.get(), fd(cp, loss));
  return check.finish();
}
