#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT <= 3
#if CUAD_OUTPUT == 3
typedef double T;
#define KERNEL reduce5<double, 128>
#define GRAD reduce5_grad_0_1<double, 128>
const int block = 128;
#else
typedef float T;
#define KERNEL reduce5<float, 64>
#define GRAD reduce5_grad_0_1<float, 64>
#define PUSH reduce5_pushforward<float, 64>
const int block = 64;
#endif

int main() {
  Checker check("cg2_shared_memory");
  Rng rng(3119);
  const int grid = 3, n = 2 * block * grid - 37;  // the last block's second half partly empty
  const size_t smem = block * sizeof(T);
  std::vector<T> in = rng.vec<T>(n, -2.0, 2.0), out = rng.vec<T>(grid), w = rng.vec<T>(grid);
  auto loss = [&] {
    DeviceArray<T> d_in(in), d_out(out);
    CUAD_LAUNCH_SHARED(KERNEL, grid, block, smem, d_in.ptr, d_out.ptr, n);
    return dot(w, d_out.get());
  };
#if CUAD_OUTPUT != 2
  DeviceArray<T> d_in(in), d_out(out), a_in(zeros<T>(n)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(GRAD, grid, block, 2 * smem, d_in.ptr, d_out.ptr, n, a_in.ptr,
                               a_out.ptr));
  check.array("g_idata", a_in.get(), fd(in, loss));
  check.array("g_odata", a_out.get(), fd(out, loss));
#else
  std::vector<T> v = rng.vec<T>(n, -1.0, 1.0);
  auto outputs_at = [&](double t) {
    DeviceArray<T> d_in(along(in, t, v)), d_out(out);
    CUAD_LAUNCH_SHARED(KERNEL, grid, block, smem, d_in.ptr, d_out.ptr, n);
    return as_doubles(d_out.get());
  };
  DeviceArray<T> d_in(in), d_out(out), t_in(v), t_out(zeros<T>(grid));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(PUSH, grid, block, 2 * smem, d_in.ptr, d_out.ptr, n, t_in.ptr,
                               t_out.ptr));
  check.array("tangent g_odata", t_out.get(), directional_fd<T>(outputs_at));
  (void)loss;
#endif
  return check.finish();
}
#elif CUAD_OUTPUT >= 6
int main() {
  Checker check("cg2_shared_memory");
  Rng rng(3127);
  const int grid = 2, block = 64, n = grid * block;
  const size_t smem = block * sizeof(float);
  std::vector<float> x = rng.vec<float>(n, -1.0, 1.0), y = rng.vec<float>(n),
                     w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_x(x);
    CUAD_LAUNCH_SHARED(dev_view, grid, block, smem, d_y.ptr, d_x.ptr);
    return dot(w, d_y.get());
  };
#if CUAD_OUTPUT == 6
  DeviceArray<float> d_y(y), d_x(x), a_y(w), a_x(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(dev_view_grad, grid, block, 2 * smem, d_y.ptr, d_x.ptr, a_y.ptr,
                               a_x.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
#else
  std::vector<float> v = rng.vec<float>(n, -1.0, 1.0);
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_y(y), d_x(along(x, t, v));
    CUAD_LAUNCH_SHARED(dev_view, grid, block, smem, d_y.ptr, d_x.ptr);
    return as_doubles(d_y.get());
  };
  DeviceArray<float> d_y(y), d_x(x), t_y(zeros<float>(n)), t_x(v);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(dev_view_pushforward, grid, block, 2 * smem, d_y.ptr, d_x.ptr,
                               t_y.ptr, t_x.ptr));
  check.array("tangent y", t_y.get(), directional_fd<float>(outputs_at));
  (void)loss;
#endif
  return check.finish();
}
#else
int main() {
  Checker check("cg2_shared_memory");
  Rng rng(3121);
  const int grid = 3, block = 64, n = 50;
  const size_t smem = block * sizeof(float);
  std::vector<float> x = rng.vec<float>(grid * n, -1.0, 1.0), out = rng.vec<float>(grid),
                     w = rng.vec<float>(n, -1.0, 1.0), wo = rng.vec<float>(grid);
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_o(out), d_w(w);
    CUAD_LAUNCH_SHARED(block_moments<float>, grid, block, smem, d_x.ptr, d_o.ptr, d_w.ptr, n);
    return dot(wo, d_o.get());
  };
#if CUAD_OUTPUT == 4
  DeviceArray<float> d_x(x), d_o(out), d_w(w), a_x(zeros<float>(grid * n)), a_o(wo),
      a_w(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(block_moments_grad_0_1_2<float>, grid, block, 2 * smem, d_x.ptr,
                               d_o.ptr, d_w.ptr, n, a_x.ptr, a_o.ptr, a_w.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("w", a_w.get(), fd(w, loss));
#else
  std::vector<float> vx = rng.vec<float>(grid * n, -1.0, 1.0), vw = rng.vec<float>(n, -1.0, 1.0);
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_x(along(x, t, vx)), d_o(out), d_w(along(w, t, vw));
    CUAD_LAUNCH_SHARED(block_moments<float>, grid, block, smem, d_x.ptr, d_o.ptr, d_w.ptr, n);
    return as_doubles(d_o.get());
  };
  DeviceArray<float> d_x(x), d_o(out), d_w(w), t_x(vx), t_o(zeros<float>(grid)), t_w(vw);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(block_moments_pushforward<float>, grid, block, 2 * smem, d_x.ptr,
                               d_o.ptr, d_w.ptr, n, t_x.ptr, t_o.ptr, t_w.ptr));
  check.array("tangent out", t_o.get(), directional_fd<float>(outputs_at));
  (void)loss;
#endif
  return check.finish();
}
#endif
