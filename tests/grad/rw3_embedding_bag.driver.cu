#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_embedding_bag");
  const int rows = 9, dim = 6, n_bags = 7;
  Rng rng(3112);
  std::vector<int> offsets = {0, 3, 3, 7, 8, 12, 14, 18}, idx(18);
  for (int& i : idx) i = (int)rng.uniform(0, rows - 1e-9);
  std::vector<float> table = rng.vec<float>(rows * dim), psw = rng.vec<float>(18, 0.2, 1.5),
                     w = rng.vec<float>(n_bags * dim);
  DeviceArray<int> d_i(idx), d_off(offsets);
  dim3 block(8, 4);
  const int grid = (n_bags + 3) / 4;
  auto loss = [&] {
    DeviceArray<float> d_t(table), d_p(psw), d_o(n_bags * dim, 0.f);
    CUAD_LAUNCH(embedding_bag_mean, grid, block, d_t.ptr, d_i.ptr, d_off.ptr, d_p.ptr, d_o.ptr,
                n_bags, dim);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_t(table), d_p(psw), d_o(n_bags * dim, 0.f), a_t(zeros<float>(rows * dim)),
      a_p(zeros<float>(18)), a_o(w);
  CUAD_GRAD(CUAD_LAUNCH(embedding_bag_mean_grad_0_3_4, grid, block, d_t.ptr, d_i.ptr, d_off.ptr,
                        d_p.ptr, d_o.ptr, n_bags, dim, a_t.ptr, a_p.ptr, a_o.ptr));
  check.array("table", a_t.get(), fd(table, loss));
  check.array("psw", a_p.get(), fd(psw, loss));
  check.array("out", a_o.get(), std::vector<double>(n_bags * dim, 0.0));
  return check.finish();
}
