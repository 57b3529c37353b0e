#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20b_gelu_dense_float");
  Rng rng(200209);
  const int in = 6, out = 12, batch = 10;
  const dim3 block(8, 8), grid((out + 7) / 8, (batch + 7) / 8);
  std::vector<float> W = rng.vec<float>(out * in, -0.6, 0.6), b = rng.vec<float>(out, -0.3, 0.3),
                     x = rng.vec<float>(batch * in, -1.0, 1.0);
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(batch * out);
  auto loss = [&] {
    DeviceArray<float> dW(W), db(b), dx(x), dy(batch * out, 0.0f);
    CUAD_LAUNCH((dense_act<float, Gelu<float>>), grid, block, dW.ptr, db.ptr, dx.ptr, dy.ptr, in,
                out, batch);
    return dot(w, dy.get());
  };
  DeviceArray<float> dW(W), db(b), dx(x), dy(batch * out, 0.0f), aW(zeros<float>(out * in)),
      ab(zeros<float>(out)), ax(zeros<float>(batch * in)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH((dense_act_grad_0_1_2_3<float, Gelu<float>>), grid, block, dW.ptr, db.ptr,
                        dx.ptr, dy.ptr, in, out, batch, aW.ptr, ab.ptr, ax.ptr, ay.ptr));
  check.array("W", aW.get(), fd(W, loss));
  check.array("b", ab.get(), fd(b, loss));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y", ay.get(), std::vector<double>(batch * out, 0.0));
#else
  const std::vector<float> vW = rng.vec<float>(out * in), vb = rng.vec<float>(out),
                           vx = rng.vec<float>(batch * in);
  auto outputs_at = [&](double t) {
    DeviceArray<float> dW(along(W, t, vW)), db(along(b, t, vb)), dx(along(x, t, vx)),
        dy(batch * out, 0.0f);
    CUAD_LAUNCH((dense_act<float, Gelu<float>>), grid, block, dW.ptr, db.ptr, dx.ptr, dy.ptr, in,
                out, batch);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dW(W), db(b), dx(x), dy(batch * out, 0.0f), tW(vW), tb(vb), tx(vx),
      ty(batch * out, 0.0f);
  CUAD_GRAD(CUAD_LAUNCH((dense_act_pushforward<float, Gelu<float>>), grid, block, dW.ptr, db.ptr,
                        dx.ptr, dy.ptr, in, out, batch, tW.ptr, tb.ptr, tx.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
