#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21b_causal_dwconv1d");
  ConvParams p;
  p.batch = 2;
  p.channels = 3;
  p.seqlen = 37;  // two full chunks of 16 and a partial one
  p.width = 4;
  p.silu_activation = true;
  const int block = 16;
  const dim3 grid(p.channels, p.batch);
  const size_t smem = (block + p.width - 1 + p.width) * sizeof(float);
  const int n = p.batch * p.channels * p.seqlen;
  Rng rng(21005);
  std::vector<float> x = rng.vec<float>(n, -2.0, 2.0), weight = rng.vec<float>(p.channels * p.width),
                     bias = rng.vec<float>(p.channels, -0.3, 0.3), out = rng.vec<float>(n),
                     w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> dx(x), dw(weight), db(bias), o(out);
    CUAD_LAUNCH_SHARED(causal_dwconv1d_fwd, grid, block, smem, p, dx.ptr, dw.ptr, db.ptr, o.ptr);
    return dot(w, o.get());
  };
  DeviceArray<float> dx(x), dw(weight), db(bias), o(out), a_x(zeros<float>(n)),
      a_w(zeros<float>(p.channels * p.width)), a_b(zeros<float>(p.channels)), a_o(w);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(causal_dwconv1d_fwd_grad_1_2_3_4, grid, block, 2 * smem, p, dx.ptr,
                               dw.ptr, db.ptr, o.ptr, a_x.ptr, a_w.ptr, a_b.ptr, a_o.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("weight", a_w.get(), fd(weight, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
  check.array("out", a_o.get(), fd(out, loss));
  return check.finish();
}
