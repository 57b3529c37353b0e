#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw5_llmc_gelu");
  Rng rng(504);
  // The grid covers more threads than entries: the tail threads do nothing.
  const int N = 200, block = 64, grid = (N + block - 1) / block;
  std::vector<float> inp = rng.vec<float>(N, -3, 3), out = rng.vec<float>(N),
                     w = rng.vec<float>(N);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_inp(inp);
    CUAD_LAUNCH(gelu_forward_kernel1, grid, block, d_out.ptr, d_inp.ptr, N);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_inp(inp), a_out(w), a_inp(zeros<float>(N));
  CUAD_GRAD(CUAD_LAUNCH(gelu_forward_kernel1_grad_0_1, grid, block, d_out.ptr, d_inp.ptr, N,
                        a_out.ptr, a_inp.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("inp", a_inp.get(), fd(inp, loss));
#else
  std::vector<float> dout = rng.vec<float>(N);
  auto loss = [&] {
    DeviceArray<float> d_dinp(out), d_inp(inp), d_dout(dout);
    CUAD_LAUNCH(gelu_backward1, grid, block, d_dinp.ptr, d_inp.ptr, d_dout.ptr, N);
    return dot(w, d_dinp.get());
  };
  DeviceArray<float> d_dinp(out), d_inp(inp), d_dout(dout), a_dinp(w), a_inp(zeros<float>(N)),
      a_dout(zeros<float>(N));
  CUAD_GRAD(CUAD_LAUNCH(gelu_backward1_grad_0_1_2, grid, block, d_dinp.ptr, d_inp.ptr, d_dout.ptr,
                        N, a_dinp.ptr, a_inp.ptr, a_dout.ptr));
  check.array("dinp", a_dinp.get(), fd(out, loss));
  check.array("inp", a_inp.get(), fd(inp, loss));
  check.array("dout", a_dout.get(), fd(dout, loss));
#endif
  return check.finish();
}
