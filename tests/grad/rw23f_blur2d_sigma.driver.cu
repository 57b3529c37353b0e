#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_blur2d_sigma");
  Rng rng(23618);
  const int W = 11, H = 9, R = 2;
  const dim3 block(8, 4), grid((W + 7) / 8, (H + 3) / 4);
  const size_t smem = (8 + 2 * R) * (4 + 2 * R) * sizeof(float);
  std::vector<float> img = rng.vec<float>(W * H, 0.0, 1.0);
  float ls = 0.2f;
  auto run = [&](const std::vector<float>& im, float l) {
    DeviceArray<float> d_i(im), d_o(zeros<float>(W * H));
    gauss2d_tile<2><<<grid, block, smem>>>(d_i.ptr, W, H, l, d_o.ptr);
    check_cuda(cudaGetLastError(), "primal");
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(W * H);
  auto loss = [&] { return dot(w, run(img, ls)); };
  DeviceArray<float> d_i(img), d_o(zeros<float>(W * H)), g_i(zeros<float>(W * H)), g_o(w);
  DeviceScalar<float> g_l(0.0f);
  CUAD_GRAD((gauss2d_tile_grad_0_3_4<2><<<grid, block, 2 * smem>>>(d_i.ptr, W, H, ls, d_o.ptr, g_i.ptr, g_l.ptr, g_o.ptr)));
  CUAD_GRAD(check_cuda(cudaGetLastError(), "grad"));
  check.array("img", g_i.get(), fd(img, loss));
  check.scalar("log_sigma", g_l.value(), fd(ls, loss));
  check.array("out", g_o.get(), zeros<double>(W * H));
#else
  const std::vector<float> vi = rng.vec<float>(W * H);
  const float vl = 0.5f;
  auto outputs_at = [&](double t) { return as_doubles(run(along(img, t, vi), along(ls, t, vl))); };
  DeviceArray<float> d_i(img), d_o(zeros<float>(W * H)), t_i(vi), t_o(zeros<float>(W * H));
  CUAD_GRAD((gauss2d_tile_pushforward<2><<<grid, block, 2 * smem>>>(d_i.ptr, W, H, ls, d_o.ptr, t_i.ptr, vl, t_o.ptr)));
  CUAD_GRAD(check_cuda(cudaGetLastError(), "fwd"));
  check.array("out tangent", as_doubles(t_o.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
