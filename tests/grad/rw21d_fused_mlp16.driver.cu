#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21d_fused_mlp16");
  Rng rng(21406);
  const int W = 16, batch = 11, in_dim = 3, out_dim = 2, block = 8, grid = 2;
  const int n_w = W * in_dim + W * W + out_dim * W;  // 336
  const size_t smem = n_w * sizeof(float);
  std::vector<float> input = rng.vec<float>(batch * in_dim), output = rng.vec<float>(batch * out_dim);
  std::vector<float> weights(n_w);
  for (int k = 0; k < W * in_dim; ++k) weights[k] = (float)rng.uniform(-0.9, 0.9);
  for (int k = W * in_dim; k < n_w; ++k) weights[k] = (float)rng.uniform(-0.35, 0.35);
#if CUAD_OUTPUT == 1
  std::vector<float> w = rng.vec<float>(batch * out_dim);
  auto loss = [&] {
    DeviceArray<float> d_in(input), d_w(weights), d_out(output);
    CUAD_LAUNCH_SHARED((fused_mlp_forward<16, 1, Activation::Softplus>), grid, block, smem,
                       d_in.ptr, d_w.ptr, d_out.ptr, batch, in_dim, out_dim);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_in(input), d_w(weights), d_out(output), a_in(zeros<float>(input.size())),
      a_w(zeros<float>(n_w)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH_SHARED((fused_mlp_forward_grad_0_1_2<16, 1, Activation::Softplus>), grid,
                               block, 2 * smem, d_in.ptr, d_w.ptr, d_out.ptr, batch, in_dim,
                               out_dim, a_in.ptr, a_w.ptr, a_out.ptr));
  check.array("input", a_in.get(), fd(input, loss));
  check.array("weights", a_w.get(), fd(weights, loss));
  check.array("output", a_out.get(), fd(output, loss));
#else
  const std::vector<float> vin = rng.vec<float>(input.size()), vw = rng.vec<float>(n_w, -0.3, 0.3);
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_in(along(input, t, vin)), d_w(along(weights, t, vw)), d_out(output);
    CUAD_LAUNCH_SHARED((fused_mlp_forward<16, 1, Activation::Softplus>), grid, block, smem,
                       d_in.ptr, d_w.ptr, d_out.ptr, batch, in_dim, out_dim);
    return as_doubles(d_out.get());
  };
  DeviceArray<float> d_in(input), d_w(weights), d_out(output), t_in(vin), t_w(vw),
      t_out(zeros<float>(output.size()));
  CUAD_GRAD(CUAD_LAUNCH_SHARED((fused_mlp_forward_pushforward<16, 1, Activation::Softplus>), grid,
                               block, 2 * smem, d_in.ptr, d_w.ptr, d_out.ptr, batch, in_dim,
                               out_dim, t_in.ptr, t_w.ptr, t_out.ptr));
  check.array("output", t_out.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
