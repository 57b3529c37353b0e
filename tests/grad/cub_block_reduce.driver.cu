#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cub_block_reduce");
  Rng rng(901);
  const int n = 130, blocks = 3, threads = 48;
  std::vector<double> x = rng.vec(n), partial = rng.vec(blocks);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(blocks);
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_p(partial);
    CUAD_LAUNCH(block_sumsq, blocks, threads, d_x.ptr, d_p.ptr, n);
    return dot(w, d_p.get());
  };
  DeviceArray<double> d_x(x), d_p(partial), a_x(zeros<double>(n)), a_p(w);
  CUAD_GRAD(CUAD_LAUNCH(block_sumsq_grad_0_1, blocks, threads, d_x.ptr, d_p.ptr, n, a_x.ptr,
                        a_p.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("partial", a_p.get(), fd(partial, loss));
#else
  std::vector<double> v_x = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_x(along(x, t, v_x)), d_p(partial);
    CUAD_LAUNCH(block_sumsq, blocks, threads, d_x.ptr, d_p.ptr, n);
    return d_p.get();
  };
  DeviceArray<double> d_x(x), d_p(partial), t_x(v_x), t_p(zeros<double>(blocks));
  CUAD_GRAD(CUAD_LAUNCH(block_sumsq_pushforward, blocks, threads, d_x.ptr, d_p.ptr, n, t_x.ptr,
                        t_p.ptr));
  check.array("partial", t_p.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
