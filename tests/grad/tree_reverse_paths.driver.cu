#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// One kernel, one block width: the gradient against finite differences.
template <typename Launch, typename Grad>
void check_width(Checker& check, const char* name, int n, int outs, Launch launch,
                 Grad grad, unsigned seed) {
  Rng rng(seed);
  std::vector<double> x = rng.vec(n), out = rng.vec(outs), w = rng.vec(outs);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x);
    launch(d_out.ptr, d_x.ptr);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), a_out(w), a_x(zeros<double>(n));
  grad(d_out.ptr, d_x.ptr, a_out.ptr, a_x.ptr);
  check.array(std::string(name) + " out", a_out.get(), fd(out, loss));
  check.array(std::string(name) + " x", a_x.get(), fd(x, loss));
}

int main() {
  Checker check("tree_reverse_paths");
#if CUAD_OUTPUT == 1
  // 64 threads: power of two (path sums); 48: levels 24, 12, 6, 3, 1 (the per-level loop).
  for (int width : {64, 48}) {
    const int blocks = 2, n = blocks * width - 5;
    check_width(
        check, width == 64 ? "pow2" : "odd", n, 2 * blocks,
        [&](double* o, double* x) { CUAD_LAUNCH(tree_two_sums, blocks, width, o, x, n); },
        [&](double* o, double* x, double* ao, double* ax) {
          CUAD_GRAD(CUAD_LAUNCH(tree_two_sums_grad_0_1, blocks, width, o, x, n, ao, ax));
        },
        31 + width);
  }
#elif CUAD_OUTPUT == 2
  // 256 threads: levels 128 and 64 (lowest level 64); 192: levels 96 and 48 (loop).
  for (int width : {256, 192}) {
    const int blocks = 2, n = blocks * width - 7;
    check_width(
        check, width == 256 ? "pow2" : "odd", n, blocks,
        [&](double* o, double* x) { CUAD_LAUNCH(tree_warp_tail, blocks, width, o, x, n); },
        [&](double* o, double* x, double* ao, double* ax) {
          CUAD_GRAD(CUAD_LAUNCH(tree_warp_tail_grad_0_1, blocks, width, o, x, n, ao, ax));
        },
        47 + width);
  }
#elif CUAD_OUTPUT == 3
  // 128 threads: levels 64 and 32 (lowest 32); 96: levels 48, 24 (loop).
  for (int width : {128, 96}) {
    const int blocks = 2, n = blocks * width - 3;
    check_width(
        check, width == 128 ? "pow2" : "odd", n, blocks,
        [&](double* o, double* x) { CUAD_LAUNCH(tree_stop_root, blocks, width, o, x, n); },
        [&](double* o, double* x, double* ao, double* ax) {
          CUAD_GRAD(CUAD_LAUNCH(tree_stop_root_grad_0_1, blocks, width, o, x, n, ao, ax));
        },
        89 + width);
  }
#elif CUAD_OUTPUT == 4
  // The literal width 32 fits 64 threads; with 128 threads the upper half is outside the tree.
  for (int width : {64, 128}) {
    const int blocks = 3, n = blocks * 64 - 3;
    Rng rng(71 + width);
    std::vector<double> x = rng.vec(n), out = rng.vec(blocks), w = rng.vec(blocks);
    double scale = 0.7;
    auto loss = [&] {
      DeviceArray<double> d_out(out), d_x(x);
      CUAD_LAUNCH(tree_literal_base, blocks, width, d_out.ptr, d_x.ptr, scale, n);
      return dot(w, d_out.get());
    };
    DeviceArray<double> d_out(out), d_x(x), a_out(w), a_x(zeros<double>(n));
    DeviceScalar<double> a_scale(0.0);
    CUAD_GRAD(CUAD_LAUNCH(tree_literal_base_grad_0_1_2, blocks, width, d_out.ptr, d_x.ptr, scale, n,
                          a_out.ptr, a_x.ptr, a_scale.ptr));
    check.array("literal out", a_out.get(), fd(out, loss));
    check.array("literal x", a_x.get(), fd(x, loss));
    check.scalar("literal scale", a_scale.value(), fd(scale, loss));
  }
#elif CUAD_OUTPUT == 5
  // 256 threads: levels 64, 16, 4, 1; 64: 16, 4, 1; 128: 32, 8, 2 (element 1 is left out).
  for (int width : {256, 64, 128}) {
    const int blocks = 2, n = blocks * width - 9;
    check_width(
        check, width == 256 ? "w256" : width == 64 ? "w64" : "w128", n, blocks,
        [&](double* o, double* x) { CUAD_LAUNCH(tree_radix4, blocks, width, o, x, n); },
        [&](double* o, double* x, double* ao, double* ax) {
          CUAD_GRAD(CUAD_LAUNCH(tree_radix4_grad_0_1, blocks, width, o, x, n, ao, ax));
        },
        113 + width);
  }
#endif
  return check.finish();
}
