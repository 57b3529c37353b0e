#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw6_maxpool_argmax");
  const int B = 2, C = 3, H = 7, W = 6, k = 3, stride = 2;
  const int OH = (H - 1) / stride + 1, OW = (W - 1) / stride + 1;  // partial windows at the edges
  const int nin = B * C * H * W, nout = B * C * OH * OW;
  Rng rng(606);
  // distinct values 0.013 apart, shuffled: no ties between the two largest of a window
  std::vector<float> in(nin);
  for (int i = 0; i < nin; ++i) in[i] = -1.5f + 0.013f * (float)((i * 37) % nin);
  std::vector<float> out0 = zeros<float>(nout), w = rng.vec<float>(nout);
  const dim3 grid(1, C, B);
  auto run = [&](const std::vector<float>& x, std::vector<int64_t>* am, int* maxoff) {
    DeviceArray<float> d_in(x), d_out(out0);
    DeviceArray<int64_t> d_arg(std::vector<int64_t>(nout, 0));
    DeviceScalar<int> d_max(0);
    CUAD_LAUNCH(maxpool2d_fwd, grid, 256, d_in.ptr, d_out.ptr, d_arg.ptr, d_max.ptr, H, W, OH, OW,
                k, stride);
    if (am) *am = d_arg.get();
    if (maxoff) *maxoff = d_max.value();
    return d_out.get();
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(in, nullptr, nullptr)); };
  DeviceArray<float> d_in(in), d_out(out0), a_in(zeros<float>(nin)), a_out(w);
  DeviceArray<int64_t> d_arg(std::vector<int64_t>(nout, 0));
  DeviceScalar<int> d_max(0);
  CUAD_GRAD(CUAD_LAUNCH(maxpool2d_fwd_grad_0_1, grid, 256, d_in.ptr, d_out.ptr, d_arg.ptr,
                        d_max.ptr, H, W, OH, OW, k, stride, a_in.ptr, a_out.ptr));
  check.array("in", a_in.get(), fd(in, loss));
  check.array("out", a_out.get(), fd(out0, loss));
#else
  std::vector<float> v = rng.vec<float>(nin);
  auto outputs_at = [&](double t) { return as_doubles(run(along(in, t, v), nullptr, nullptr)); };
  DeviceArray<float> d_in(in), d_out(out0), t_in(v), t_out(zeros<float>(nout));
  DeviceArray<int64_t> d_arg(std::vector<int64_t>(nout, 0));
  DeviceScalar<int> d_max(0);
  CUAD_GRAD(CUAD_LAUNCH(maxpool2d_fwd_pushforward, grid, 256, d_in.ptr, d_out.ptr, d_arg.ptr,
                        d_max.ptr, H, W, OH, OW, k, stride, t_in.ptr, t_out.ptr));
  check.array("out", as_doubles(t_out.get()), directional_fd<float>(outputs_at),
              default_tol<float>());
#if !defined(CUAD_SELFTEST)
  // the pushforward computes the primal too: argmax and the offset must match the primal's
  std::vector<int64_t> am;
  int maxoff = 0;
  run(in, &am, &maxoff);
  check.expect(d_arg.get() == am, "argmax equals the primal's");
  check.expect(d_max.value() == maxoff, "max_offset equals the primal's");
  check.array("out value", as_doubles(d_out.get()), as_doubles(run(in, nullptr, nullptr)),
              default_tol<float>());
#endif
#endif
  return check.finish();
}
