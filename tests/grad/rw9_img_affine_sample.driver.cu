#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_img_affine_sample");
  const int W = 9, H = 7, C = 2, n = W * H;
  Rng rng(9202);
  std::vector<float> img = rng.vec<float>(C * n);
  // a small rotation + scale + shift, sampled points stay off integer grid lines (checked
  // with the selftest) and some fall outside (border padding)
  std::vector<float> theta = {1.007f, -0.264f, -0.047f, -0.27f, 0.995f, -0.035f};
#if CUAD_OUTPUT <= 2
  std::vector<float> out0 = rng.vec<float>(C * n), w = rng.vec<float>(C * n);
  dim3 block(4, 4), grid((W + 3) / 4, (H + 3) / 4);
  auto run = [&](const std::vector<float>& im, const std::vector<float>& th) {
    DeviceArray<float> d_i(im), d_t(th), d_o(out0);
    CUAD_LAUNCH(affine_grid_sample, grid, block, d_i.ptr, d_t.ptr, d_o.ptr, W, H, C);
    return d_o.get();
  };
  DeviceArray<float> d_i(img), d_t(theta), d_o(out0);
#endif
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(img, theta)); };
  DeviceArray<float> a_i(zeros<float>(C * n)), a_t(zeros<float>(6)), a_o(w);
  CUAD_GRAD(CUAD_LAUNCH(affine_grid_sample_grad_0_1_2, grid, block, d_i.ptr, d_t.ptr, d_o.ptr, W,
                        H, C, a_i.ptr, a_t.ptr, a_o.ptr));
  check.array("img", a_i.get(), fd(img, loss));
  check.array("theta", a_t.get(), fd(theta, loss));
  check.array("out", a_o.get(), std::vector<double>(C * n, 0.0));
#elif CUAD_OUTPUT == 2
  std::vector<float> vi = rng.vec<float>(C * n), vt = rng.vec<float>(6, -0.3, 0.3);
  auto outputs_at = [&](double t) { return as_doubles(run(along(img, t, vi), along(theta, t, vt))); };
  DeviceArray<float> t_i(vi), t_t(vt), t_o(zeros<float>(C * n));
  CUAD_GRAD(CUAD_LAUNCH(affine_grid_sample_pushforward, grid, block, d_i.ptr, d_t.ptr,
                        d_o.ptr, W, H, C, t_i.ptr, t_t.ptr, t_o.ptr));
  check.array("out", as_doubles(t_o.get()), directional_fd<float>(outputs_at), default_tol<float>());
#else
  const int ns = 40;
  std::vector<float> cf(2 * ns);
  for (int s = 0; s < ns; ++s) {  // keep fx, fy 0.2..0.8 off the grid; some outside
    float fx = (s * 37 % 11) - 1.0f + 0.2f + 0.6f * rng.uniform(0, 1);
    float fy = (s * 53 % 9) - 1.0f + 0.2f + 0.6f * rng.uniform(0, 1);
    cf[2 * s] = fx / (0.5f * (W - 1)) - 1.0f;
    cf[2 * s + 1] = fy / (0.5f * (H - 1)) - 1.0f;
  }
  std::vector<float> out0 = rng.vec<float>(ns), w = rng.vec<float>(ns);
  std::vector<float> im1(img.begin(), img.begin() + n);
  auto loss = [&] {
    DeviceArray<float> d_i(im1), d_o(out0);
    DeviceArray<float2> d_c(std::vector<float2>((float2*)cf.data(), (float2*)cf.data() + ns));
    CUAD_LAUNCH(sample_coords, 2, 32, d_i.ptr, d_c.ptr, d_o.ptr, ns, W, H);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_i(im1), d_o(out0), a_i(zeros<float>(n)), a_o(w);
  DeviceArray<float2> d_c(std::vector<float2>((float2*)cf.data(), (float2*)cf.data() + ns));
  DeviceArray<float2> a_c(std::vector<float2>(ns, make_float2(0.f, 0.f)));
  CUAD_GRAD(CUAD_LAUNCH(sample_coords_grad_0_1_2, 2, 32, d_i.ptr, d_c.ptr, d_o.ptr, ns, W, H,
                        a_i.ptr, a_c.ptr, a_o.ptr));
  std::vector<float2> ac = a_c.get();
  std::vector<float> acf(2 * ns);
  for (int s = 0; s < ns; ++s) { acf[2 * s] = ac[s].x; acf[2 * s + 1] = ac[s].y; }
  check.array("img", a_i.get(), fd(im1, loss));
  check.array("coords", acf, fd(cf, loss));
#endif
  return check.finish();
}
