#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw5_llmc_global_norm");
  Rng rng(503);
#if CUAD_OUTPUT == 1
  // 2 slices of 300 values, each over 3 blocks of 64 threads: every thread strides twice.
  const size_t count = 300;
  const ptrdiff_t stride = 310;
  const int gx = 3, gy = 2, block = 64;
  std::vector<float> data = rng.vec<float>(stride * gy), out = rng.vec<float>(gx * gy),
                     w = rng.vec<float>(gx * gy);
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_data(data);
    CUAD_LAUNCH(global_norm_squared_kernel<float>, dim3(gx, gy), block, d_out.ptr, d_data.ptr,
                count, stride);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_data(data), a_out(w), a_data(zeros<float>(data.size()));
  CUAD_GRAD(CUAD_LAUNCH(global_norm_squared_kernel_grad_0_1<float>, dim3(gx, gy), block,
                        d_out.ptr, d_data.ptr, count, stride, a_out.ptr, a_data.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("data", a_data.get(), fd(data, loss));
#else
  // 40 block sums reduced by one block of 96 threads (3 warps; the last lanes read nothing).
  const size_t grid_size = 40;
  const int block = 96;
  std::vector<float> out = rng.vec<float>(grid_size), w = rng.vec<float>(grid_size);
  auto loss = [&] {
    DeviceArray<float> d_out(out);
    CUAD_LAUNCH(global_norm_aggregate_kernel, 1, block, d_out.ptr, grid_size);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(global_norm_aggregate_kernel_grad_0, 1, block, d_out.ptr, grid_size,
                        a_out.ptr));
  check.array("out", a_out.get(), fd(out, loss));
#endif
  return check.finish();
}
