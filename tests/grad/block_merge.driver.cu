#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Whether this output merged blocks: the helper's include guard says.
#if defined(CUAD_MERGE_BLOCKS)
static const bool merged = true;
#else
static const bool merged = false;
#endif

// The selftest compiles the primal alone: nothing to expect there.
static void expect_merged(Checker& check, bool want, const char* what) {
#if !defined(CUAD_SELFTEST)
  check.expect(merged == want, what);
#else
  (void)check, (void)want, (void)what;
#endif
}

int main() {
  Checker check("block_merge");
  Rng rng(41);
  // 13 blocks: with CUAD_MERGE_MIN_THREADS = 32 (the emulation's and gpu-test's), 8 blocks per
  // worker, so block 8 runs the last 5 and the count does not divide evenly.
  const int block = 32, blocks = 13;
#if CUAD_OUTPUT == 1
  const int n = block * blocks - 7;
  std::vector<double> in = rng.vec<double>(n), out = rng.vec<double>(n), w = rng.vec<double>(n);
  double a = 0.7, b = -1.3;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(early_exit, blocks, block, d_out.ptr, d_in.ptr, a, b, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(std::vector<double>(n, 0.0));
  DeviceScalar<double> a_a, a_b;
  CUAD_GRAD(CUAD_LAUNCH(early_exit_grad_0_1_2_3, blocks, block, d_out.ptr, d_in.ptr, a, b, n, a_out.ptr,
                        a_in.ptr, a_a.ptr, a_b.ptr));
  check.array("in", a_in.get(), fd(in, loss));
  check.scalar("a", a_a.value(), fd(a, loss));
  check.scalar("b", a_b.value(), fd(b, loss));
  expect_merged(check, true, "early_exit merges blocks");
#elif CUAD_OUTPUT == 2
  const int n = block * blocks;
  std::vector<double> in = rng.vec<double>(n), out = rng.vec<double>(n), w = rng.vec<double>(n);
  double a = 1.1, s = 0.6;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(tile_shift, blocks, block, d_out.ptr, d_in.ptr, a, s);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(std::vector<double>(n, 0.0));
  DeviceScalar<double> a_a, a_s;
  CUAD_GRAD(CUAD_LAUNCH(tile_shift_grad, blocks, block, d_out.ptr, d_in.ptr, a, s, a_out.ptr,
                        a_in.ptr, a_a.ptr, a_s.ptr));
  check.array("in", a_in.get(), fd(in, loss));
  check.scalar("a", a_a.value(), fd(a, loss));
  check.scalar("s", a_s.value(), fd(s, loss));
  expect_merged(check, true, "tile_shift merges blocks");
#elif CUAD_OUTPUT == 3
  const int n = block * blocks - 3;
  std::vector<double> in = rng.vec<double>(n), out = rng.vec<double>(n), w = rng.vec<double>(n);
  double a = 0.9;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(block_phase, blocks, block, d_out.ptr, d_in.ptr, a, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(std::vector<double>(n, 0.0));
  DeviceScalar<double> a_a;
  CUAD_GRAD(CUAD_LAUNCH(block_phase_grad_0_1_2, blocks, block, d_out.ptr, d_in.ptr, a, n, a_out.ptr,
                        a_in.ptr, a_a.ptr));
  check.array("in", a_in.get(), fd(in, loss));
  check.scalar("a", a_a.value(), fd(a, loss));
  expect_merged(check, false, "block_phase (its callee reads blockIdx) keeps the launch");
#elif CUAD_OUTPUT == 4
  const int width = block * 3 - 5, rows = 5, n = width * rows;
  std::vector<double> in = rng.vec<double>(n), out = rng.vec<double>(n), w = rng.vec<double>(n);
  double a = 0.3;
  const dim3 grid(3, rows);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(rows_2d, grid, block, d_out.ptr, d_in.ptr, a, width);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(std::vector<double>(n, 0.0));
  DeviceScalar<double> a_a;
  CUAD_GRAD(CUAD_LAUNCH(rows_2d_grad_0_1_2, grid, block, d_out.ptr, d_in.ptr, a, width, a_out.ptr,
                        a_in.ptr, a_a.ptr));
  check.array("in", a_in.get(), fd(in, loss));
  check.scalar("a", a_a.value(), fd(a, loss));
  expect_merged(check, true, "rows_2d merges blocks");
#elif CUAD_OUTPUT == 5
  const int n = block * blocks - 1;
  std::vector<double> in = rng.vec<double>(n), out = rng.vec<double>(n), w = rng.vec<double>(n);
  double a = 0.45;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(long_body, blocks, block, d_out.ptr, d_in.ptr, a, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(std::vector<double>(n, 0.0));
  DeviceScalar<double> a_a;
  CUAD_GRAD(CUAD_LAUNCH(long_body_grad_0_1_2, blocks, block, d_out.ptr, d_in.ptr, a, n, a_out.ptr,
                        a_in.ptr, a_a.ptr));
  check.array("in", a_in.get(), fd(in, loss));
  check.scalar("a", a_a.value(), fd(a, loss));
  expect_merged(check, false, "long_body keeps the launch");
#endif
  return check.finish();
}
