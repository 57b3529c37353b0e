#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cg2_group_params");
  Rng rng(2207);
#if CUAD_OUTPUT <= 2
  const int n = 300, grid = 3;  // 128-thread blocks: 4 warps each, the last block partly idle
  std::vector<float> x = rng.vec<float>(n, -1.5, 1.5), out = rng.vec<float>(grid * 5),
                     w = rng.vec<float>(grid * 5);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_x(x);
    CUAD_LAUNCH(block_sums, grid, 128, d_o.ptr, d_x.ptr, n);
    return dot(w, d_o.get());
  };
#if CUAD_OUTPUT == 1
  DeviceArray<float> d_o(out), d_x(x), a_o(w), a_x(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(block_sums_grad_0_1, grid, 128, d_o.ptr, d_x.ptr, n, a_o.ptr, a_x.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
#else
  std::vector<float> v = rng.vec<float>(n, -1.0, 1.0);
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_o(out), d_x(along(x, t, v));
    CUAD_LAUNCH(block_sums, grid, 128, d_o.ptr, d_x.ptr, n);
    return as_doubles(d_o.get());
  };
  DeviceArray<float> d_o(out), d_x(x), t_o(zeros<float>(grid * 5)), t_x(v);
  CUAD_GRAD(CUAD_LAUNCH(block_sums_pushforward, grid, 128, d_o.ptr, d_x.ptr, n, t_o.ptr, t_x.ptr));
  check.array("tangent out", t_o.get(), directional_fd<float>(outputs_at));
  (void)loss;
#endif
#elif CUAD_OUTPUT >= 5
  std::vector<float> a = rng.vec<float>(64, -1.0, 1.0), y = rng.vec<float>(64),
                     w = rng.vec<float>(64);
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_a(a);
    CUAD_LAUNCH(templ_groups, 1, 64, d_y.ptr, d_a.ptr);
    return dot(w, d_y.get());
  };
#if CUAD_OUTPUT == 5
  DeviceArray<float> d_y(y), d_a(a), a_y(w), a_a(zeros<float>(64));
  CUAD_GRAD(CUAD_LAUNCH(templ_groups_grad, 1, 64, d_y.ptr, d_a.ptr, a_y.ptr, a_a.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("a", a_a.get(), fd(a, loss));
#else
  std::vector<float> v = rng.vec<float>(64, -1.0, 1.0);
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_y(y), d_a(along(a, t, v));
    CUAD_LAUNCH(templ_groups, 1, 64, d_y.ptr, d_a.ptr);
    return as_doubles(d_y.get());
  };
  DeviceArray<float> d_y(y), d_a(a), t_y(zeros<float>(64)), t_a(v);
  CUAD_GRAD(CUAD_LAUNCH(templ_groups_pushforward, 1, 64, d_y.ptr, d_a.ptr, t_y.ptr, t_a.ptr));
  check.array("tangent y", t_y.get(), directional_fd<float>(outputs_at));
  (void)loss;
#endif
#else
  const int n = 100, grid = 2;  // 64-thread blocks: 4 warps, the last one partly idle
  float scale = 0.7f;
  std::vector<float> x = rng.vec<float>(n, -2.0, 2.0), out = rng.vec<float>(4),
                     w = rng.vec<float>(4);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_x(x);
    CUAD_LAUNCH(tile_stats, grid, 64, d_o.ptr, d_x.ptr, scale, n);
    return dot(w, d_o.get());
  };
#if CUAD_OUTPUT == 3
  DeviceArray<float> d_o(out), d_x(x), a_o(w), a_x(zeros<float>(n));
  DeviceScalar<float> a_s(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(tile_stats_grad_0_1_2, grid, 64, d_o.ptr, d_x.ptr, scale, n, a_o.ptr, a_x.ptr,
                        a_s.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.scalar("scale", a_s.value(), fd(scale, loss));
#else
  std::vector<float> v = rng.vec<float>(n, -1.0, 1.0);
  float vs = 0.4f;
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_o(out), d_x(along(x, t, v));
    CUAD_LAUNCH(tile_stats, grid, 64, d_o.ptr, d_x.ptr, float(scale + t * vs), n);
    return as_doubles(d_o.get());
  };
  DeviceArray<float> d_o(out), d_x(x), t_o(zeros<float>(4)), t_x(v);
  CUAD_GRAD(CUAD_LAUNCH(tile_stats_pushforward, grid, 64, d_o.ptr, d_x.ptr, scale, n, t_o.ptr,
                        t_x.ptr, vs));
  check.array("tangent out", t_o.get(), directional_fd<float>(outputs_at));
  (void)loss;
#endif
#endif
  return check.finish();
}
