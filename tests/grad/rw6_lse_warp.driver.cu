#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw6_lse_warp");
  const int rows = 7, cols = 45;  // 4 warps per block, 2 blocks: the last warp has no row
  Rng rng(6061);
  std::vector<float> x = rng.vec<float>(rows * cols, -2.0, 2.0), w = rng.vec<float>(rows);
  std::vector<int> mask(rows * cols);
  for (int i = 0; i < rows * cols; ++i) mask[i] = (i * 7) % 5 != 0;
  for (int c = 0; c < cols; ++c) mask[3 * cols + c] = 0;  // row 3 is fully masked
  for (int c = 0; c < cols; ++c) mask[5 * cols + c] = c >= 40;  // row 5: only lanes 8..12
  DeviceArray<int> d_mask(mask);
  std::vector<float> out0 = zeros<float>(rows);
  auto run = [&](const std::vector<float>& xv) {
    DeviceArray<float> d_x(xv), d_out(out0);
    CUAD_LAUNCH(lse_rows, 2, 128, d_x.ptr, d_mask.ptr, d_out.ptr, rows, cols);
    std::vector<float> o = d_out.get();
    o[3] = 0.f;  // -inf (checked below), kept out of the objective
    return o;
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x)); };
  std::vector<float> seed = w;
  seed[3] = 0.f;
  DeviceArray<float> d_x(x), d_out(out0), a_x(zeros<float>(rows * cols)), a_out(seed);
  CUAD_GRAD(CUAD_LAUNCH(lse_rows_grad_0_2, 2, 128, d_x.ptr, d_mask.ptr, d_out.ptr, rows, cols,
                        a_x.ptr, a_out.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  std::vector<float> a_o = a_out.get();
  a_o[3] = 0.f;  // the seed given there was 0
  check.array("out", a_o, fd(out0, loss));
#else
  std::vector<float> v = rng.vec<float>(rows * cols);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, v))); };
  DeviceArray<float> d_x(x), d_out(out0), t_x(v), t_out(zeros<float>(rows));
  CUAD_GRAD(CUAD_LAUNCH(lse_rows_pushforward, 2, 128, d_x.ptr, d_mask.ptr, d_out.ptr, rows,
                        cols, t_x.ptr, t_out.ptr));
  std::vector<float> t = t_out.get();
  t[3] = 0.f;
  check.array("out", as_doubles(t), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.expect(std::isinf(d_out.get()[3]) && d_out.get()[3] < 0, "masked row is -inf");
#endif
#endif
  return check.finish();
}
