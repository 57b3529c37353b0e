#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw7_smem_bins");
  const int n = 50, block = 16;  // the last block is partial
  const size_t smem = block * (2 * sizeof(float) + sizeof(int));
  Rng rng(7008);
  std::vector<float> x = rng.vec<float>(n), out = rng.vec<float>(n), w = rng.vec<float>(n);
  std::vector<int> seg(n);
  for (int i = 0; i < n; ++i) seg[i] = (i / 3 + i % 2) % 4;
  DeviceArray<int> d_s(seg);
  auto run = [&](const std::vector<float>& xv) {
    DeviceArray<float> d_x(xv), d_o(out);
    CUAD_LAUNCH_SHARED(bin_pool, (n + block - 1) / block, block, smem, d_x.ptr, d_s.ptr, d_o.ptr,
                       n);
    return d_o.get();
  };
  DeviceArray<float> d_x(x), d_o(out);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x)); };
  DeviceArray<float> a_x(zeros<float>(n)), a_o(w);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(bin_pool_grad_0_2, (n + block - 1) / block, block, 2 * smem, d_x.ptr,
                               d_s.ptr, d_o.ptr, n, a_x.ptr, a_o.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("out", a_o.get(), fd(out, loss));
#else
  std::vector<float> vx = rng.vec<float>(n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx))); };
  DeviceArray<float> t_x(vx), t_o(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(bin_pool_pushforward, (n + block - 1) / block, block, 2 * smem,
                               d_x.ptr, d_s.ptr, d_o.ptr, n, t_x.ptr, t_o.ptr));
  check.array("out", as_doubles(t_o.get()), directional_fd<float>(outputs_at),
              default_tol<float>());
#endif
  return check.finish();
}
