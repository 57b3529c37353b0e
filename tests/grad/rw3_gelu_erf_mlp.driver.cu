#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_gelu_erf_mlp");
  const int batch = 3, in_f = 8, out_f = 20;
  Rng rng(3101);
  std::vector<float> x = rng.vec<float>(batch * in_f), W = rng.vec<float>(out_f * in_f, -0.6, 0.6),
                     bias = rng.vec<float>(out_f, -0.3, 0.3), w = rng.vec<float>(batch * out_f);
  DeviceArray<float> d_x(x), d_W(W), d_b(bias), d_y(batch * out_f, 0.f);
  dim3 grid((out_f + 15) / 16, batch);
  auto loss = [&] {
    d_x.set(x);
    d_W.set(W);
    d_b.set(bias);
    CUAD_LAUNCH(mlp_gelu, grid, 16, d_x.ptr, d_W.ptr, d_b.ptr, d_y.ptr, in_f, out_f);
    return dot(w, d_y.get());
  };
  DeviceArray<float> a_x(zeros<float>(batch * in_f)), a_W(zeros<float>(out_f * in_f)),
      a_b(zeros<float>(out_f)), a_y(w);
  d_x.set(x);
  d_W.set(W);
  d_b.set(bias);
  CUAD_GRAD(CUAD_LAUNCH(mlp_gelu_grad_0_1_2_3, grid, 16, d_x.ptr, d_W.ptr, d_b.ptr, d_y.ptr, in_f,
                        out_f, a_x.ptr, a_W.ptr, a_b.ptr, a_y.ptr));
  std::vector<float> gx = a_x.get(), gW = a_W.get(), gb = a_b.get(), gy = a_y.get();
  check.array("x", gx, fd(x, loss));
  check.array("W", gW, fd(W, loss));
  check.array("bias", gb, fd(bias, loss));
  check.array("y", gy, std::vector<double>(batch * out_f, 0.0));
  return check.finish();
}
