#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw17s_embbag_modes");
  // A table of 17 rows x 20 features, 11 bags (4 per 16x4 block: 3 blocks, one idle bag row),
  // bag 4 empty, bag 7 only the padding row (row 3), repeated rows in a bag.
  const int V = 17, dim = 20;
  const int64_t n_bags = 11, padding_idx = 3;
  Rng rng(17007);
  std::vector<int64_t> offsets, indices;
  for (int b = 0; b < n_bags; ++b) {
    offsets.push_back((int64_t)indices.size());
    const int len = b == 4 ? 0 : b == 7 ? 2 : (int)rng.uniform(1, 7);
    for (int k = 0; k < len; ++k)
      indices.push_back(b == 7 ? padding_idx : (int64_t)rng.uniform(0, V - 1e-9));
  }
  const int64_t n_indices = (int64_t)indices.size();
  std::vector<double> weight = rng.vec(V * dim), psw = rng.vec(n_indices, 0.5, 1.5),
                      out = zeros<double>(n_bags * dim);
  const std::vector<double> wo = rng.vec(n_bags * dim);
  std::vector<int64_t> maxi(n_bags * dim, 0);
  DeviceArray<int64_t> dind(indices), doff(offsets), dmax(maxi);
  const dim3 block(16, 4);
  const int grid = 3;
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dw(weight), dp(psw), dout(out);
    CUAD_LAUNCH(embedding_bag_kernel<MODE_SUM>, grid, block, dw.ptr, dind.ptr, doff.ptr, dp.ptr,
                dout.ptr, dmax.ptr, n_bags, n_indices, dim, padding_idx);
    return dot(wo, dout.get());
  };
  DeviceArray<double> dw(weight), dp(psw), dout(out), gw(zeros<double>(V * dim)),
      gp(zeros<double>(n_indices)), gout(wo);
  CUAD_GRAD(CUAD_LAUNCH(embedding_bag_kernel_grad_0_3_4<MODE_SUM>, grid, block, dw.ptr, dind.ptr,
                        doff.ptr, dp.ptr, dout.ptr, dmax.ptr, n_bags, n_indices, dim, padding_idx,
                        gw.ptr, gp.ptr, gout.ptr));
  check.array("weight", gw.get(), fd(weight, loss));
  check.array("psw", gp.get(), fd(psw, loss));
  check.array("out", gout.get(), std::vector<double>(n_bags * dim, 0.0));
#elif CUAD_OUTPUT == 2
  auto loss = [&] {
    DeviceArray<double> dw(weight), dout(out);
    CUAD_LAUNCH(embedding_bag_kernel<MODE_MAX>, grid, block, dw.ptr, dind.ptr, doff.ptr, (const double*)nullptr,
                dout.ptr, dmax.ptr, n_bags, n_indices, dim, padding_idx);
    return dot(wo, dout.get());
  };
  DeviceArray<double> dw(weight), dout(out), gw(zeros<double>(V * dim)), gout(wo);
  CUAD_GRAD(CUAD_LAUNCH(embedding_bag_kernel_grad_0_4<MODE_MAX>, grid, block, dw.ptr, dind.ptr,
                        doff.ptr, (const double*)nullptr, dout.ptr, dmax.ptr, n_bags, n_indices, dim,
                        padding_idx, gw.ptr, gout.ptr));
  check.array("weight", gw.get(), fd(weight, loss));
  check.array("out", gout.get(), std::vector<double>(n_bags * dim, 0.0));
#else
  const std::vector<double> tw = rng.vec(V * dim), tout = rng.vec(n_bags * dim);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dw(along(weight, t, tw)), dout(out);
    CUAD_LAUNCH(embedding_bag_kernel<MODE_MEAN>, grid, block, dw.ptr, dind.ptr, doff.ptr, (const double*)nullptr,
                dout.ptr, dmax.ptr, n_bags, n_indices, dim, padding_idx);
    return as_doubles(dout.get());
  };
  DeviceArray<double> dw(weight), dout(out), d_w(tw), d_out(tout);
  CUAD_GRAD(CUAD_LAUNCH(embedding_bag_kernel_pushforward_0_4<MODE_MEAN>, grid, block, dw.ptr,
                        dind.ptr, doff.ptr, (const double*)nullptr, dout.ptr, dmax.ptr, n_bags, n_indices, dim,
                        padding_idx, d_w.ptr, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
