#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_bitonic_topk");
  const int rows = 3, n = 16;
  Rng rng(229);
  std::vector<float> in(rows * n), out = rng.vec<float>(rows * n), w = rng.vec<float>(rows * n);
  for (int r = 0; r < rows; ++r)  // distinct values, well separated (no ties within the step)
    for (int i = 0; i < n; ++i) in[r * n + i] = 0.1f * (float)((i * 7 + r * 3) % n) + 0.3f;
  float scale = 1.5f;
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_i(in);
    CUAD_LAUNCH_SHARED(bitonic_sort_rows, rows, n, n * sizeof(float), d_o.ptr, d_i.ptr, scale, n);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_i(in), a_o(w), a_i(zeros<float>(rows * n));
  DeviceScalar<float> a_s;
  CUAD_GRAD(CUAD_LAUNCH_SHARED(bitonic_sort_rows_grad_0_1_2, rows, n, 2 * n * sizeof(float), d_o.ptr,
                               d_i.ptr, scale, n, a_o.ptr, a_i.ptr, a_s.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("in", a_i.get(), fd(in, loss));
  check.scalar("scale", a_s.value(), fd(scale, loss));
  return check.finish();
}
