#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw4_shared_carve");
  Rng rng(405);
  const int w = 16, h = 8, batch = 2, n = w * h * batch;
  std::vector<float> a = rng.vec<float>(n), b = rng.vec<float>(n), out = rng.vec<float>(n),
                     wt = rng.vec<float>(n);
#if CUAD_OUTPUT == 1
  const dim3 grid(w / 8, h / 4, batch), block(8, 4);
  const size_t shmem = 2 * 8 * 4 * sizeof(float);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_a(a), d_b(b);
    CUAD_LAUNCH_SHARED(tile_kernel, grid, block, shmem, d_o.ptr, d_a.ptr, d_b.ptr, w);
    return dot(wt, d_o.get());
  };
  DeviceArray<float> d_o(out), d_a(a), d_b(b), a_o(wt), a_a(zeros<float>(n)), a_b(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(tile_kernel_grad_0_1_2, grid, block, 2 * shmem, d_o.ptr, d_a.ptr,
                               d_b.ptr, w, a_o.ptr, a_a.ptr, a_b.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("a", a_a.get(), fd(a, loss));
  check.array("b", a_b.get(), fd(b, loss));
#else
  auto loss = [&] {
    std::vector<float> o = out;
    run_tile(o.data(), a.data(), b.data(), w, h, batch);
    return dot(wt, o);
  };
  std::vector<float> o = out, a_o = wt, a_a(n, 0.0f), a_b(n, 0.0f);
  CUAD_GRAD(run_tile_grad_0_1_2(o.data(), a.data(), b.data(), w, h, batch, a_o.data(),
                                a_a.data(), a_b.data()));
  check.array("out", a_o, fd(out, loss));
  check.array("a", a_a, fd(a, loss));
  check.array("b", a_b, fd(b, loss));
#endif
  return check.finish();
}
