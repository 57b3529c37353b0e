#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<double> cv(const Biquad& c) { return {c.b0, c.b1, c.a1, c.a2, c.gain}; }
static Biquad cb(const std::vector<double>& v) { return Biquad{v[0], v[1], v[2], v[3], v[4]}; }

int main() {
  Checker check("rw16v_iir_biquad_rows");
  const int rows = 40, cols = 24;  // 2 blocks of 32 threads, the second partial
  Rng rng(16006);
  std::vector<double> img = rng.vec(rows * cols, 0.0, 1.0);
  // poles 0.6 +- 0.2i: a1 = -1.2, a2 = 0.4
  std::vector<double> coef = {0.15, 0.08, -1.2, 0.4, 0.9};
  std::vector<double> out0(rows * cols, 0.0);
  auto run = [&](const std::vector<double>& im, const std::vector<double>& c) {
    DeviceArray<double> d_i(im), d_o(out0);
    CUAD_LAUNCH(iir_rows, 2, 32, d_i.ptr, d_o.ptr, rows, cols, cb(c));
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(rows * cols);
  auto loss = [&] { return dot(w, run(img, coef)); };
  DeviceArray<double> d_i(img), d_o(out0), a_i(zeros<double>(rows * cols)), a_o(w);
  DeviceArray<Biquad> a_c(std::vector<Biquad>(1, Biquad{0, 0, 0, 0, 0}));
  CUAD_GRAD(CUAD_LAUNCH(iir_rows_grad_0_1_4, 2, 32, d_i.ptr, d_o.ptr, rows, cols, cb(coef), a_i.ptr,
                        a_o.ptr, a_c.ptr));
  check.array("img", a_i.get(), fd(img, loss));
  check.array("coef", cv(a_c.get()[0]), fd(coef, loss));
  check.array("out", a_o.get(), zeros<double>(rows * cols));
#else
  std::vector<double> vi = rng.vec(rows * cols), vc = {0.02, -0.01, 0.05, -0.03, 0.1};
  auto outputs_at = [&](double t) { return run(along(img, t, vi), along(coef, t, vc)); };
  DeviceArray<double> d_i(img), d_o(out0), t_i(vi), t_o(out0);
  CUAD_GRAD(CUAD_LAUNCH(iir_rows_pushforward, 2, 32, d_i.ptr, d_o.ptr, rows, cols, cb(coef),
                        t_i.ptr, t_o.ptr, cb(vc)));
  check.array("out", t_o.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
