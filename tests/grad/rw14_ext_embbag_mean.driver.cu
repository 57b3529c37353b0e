#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw14_ext_embbag_mean");
  const int64_t V = 9, dim = 37, padding_idx = 2;
  // 7 bags: bag 3 is empty, bag 5 holds only the padding row.
  const std::vector<int64_t> indices = {0, 4, 4, 7, 2, 1, 3, 8, 5, 2, 6, 6, 0, 1, 7};
  const std::vector<int64_t> offsets = {0, 3, 6, 8, 8, 9, 10};
  const int64_t num_indices = indices.size(), num_bags = offsets.size();
  const dim3 grid(3, 3);  // 9 bag slots, 7 used
  Rng rng(14005);
  std::vector<double> weight = rng.vec(V * dim), scale = rng.vec(num_bags, 0.5, 2.0),
                      output = zeros<double>(num_bags * dim);
  const std::vector<double> w = rng.vec(num_bags * dim);
  DeviceArray<int64_t> idx(indices), off(offsets);
  auto loss = [&] {
    DeviceArray<double> wt(weight), s(scale), o(output);
    CUAD_LAUNCH(embedding_bag_mean_kernel<double>, grid, 16, idx.ptr, off.ptr, wt.ptr, s.ptr,
                o.ptr, num_indices, num_bags, dim, padding_idx);
    return dot(w, o.get());
  };
  DeviceArray<double> wt(weight), s(scale), o(output), a_wt(zeros<double>(V * dim)),
      a_s(zeros<double>(num_bags)), a_o(w);
  CUAD_GRAD(CUAD_LAUNCH(embedding_bag_mean_kernel_grad_2_3_4<double>, grid, 16, idx.ptr,
                        off.ptr, wt.ptr, s.ptr, o.ptr, num_indices, num_bags, dim, padding_idx,
                        a_wt.ptr, a_s.ptr, a_o.ptr));
  check.array("weight", a_wt.get(), fd(weight, loss));
  check.array("per_bag_scale", a_s.get(), fd(scale, loss));
  check.array("output", a_o.get(), fd(output, loss));
  return check.finish();
}
