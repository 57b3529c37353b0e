#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_gru_cell");
  const int batch = 3, in_dim = 5, hid = 6, n = batch * hid;
  Rng rng(201);
  std::vector<float> x = rng.vec<float>(batch * in_dim), hp = rng.vec<float>(n),
                     W = rng.vec<float>(3 * hid * in_dim, -0.5, 0.5),
                     U = rng.vec<float>(3 * hid * hid, -0.5, 0.5), b = rng.vec<float>(3 * hid),
                     h = rng.vec<float>(n), w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_h(h), d_x(x), d_hp(hp), d_W(W), d_U(U), d_b(b);
    CUAD_LAUNCH(gru_cell, 1, 32, d_h.ptr, d_x.ptr, d_hp.ptr, d_W.ptr, d_U.ptr, d_b.ptr, batch,
                in_dim, hid);
    return dot(w, d_h.get());
  };
  DeviceArray<float> d_h(h), d_x(x), d_hp(hp), d_W(W), d_U(U), d_b(b), a_h(w),
      a_x(zeros<float>(x.size())), a_hp(zeros<float>(n)), a_W(zeros<float>(W.size())),
      a_U(zeros<float>(U.size())), a_b(zeros<float>(b.size()));
  CUAD_GRAD(CUAD_LAUNCH(gru_cell_grad_0_1_2_3_4_5, 1, 32, d_h.ptr, d_x.ptr, d_hp.ptr, d_W.ptr,
                        d_U.ptr, d_b.ptr, batch, in_dim, hid, a_h.ptr, a_x.ptr, a_hp.ptr, a_W.ptr,
                        a_U.ptr, a_b.ptr));
  check.array("h_new", a_h.get(), fd(h, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("h_prev", a_hp.get(), fd(hp, loss));
  check.array("W", a_W.get(), fd(W, loss));
  check.array("U", a_U.get(), fd(U, loss));
  check.array("b", a_b.get(), fd(b, loss));
  return check.finish();
}
