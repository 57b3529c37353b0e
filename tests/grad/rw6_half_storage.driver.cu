#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Central differences on 16-bit storage: the inputs are multiples of 1/256 (|x| < 2), so
// x +- 1/16 is exact in __half and __nv_bfloat16 and the primal sees the perturbation unrounded.
template <class H, class F>
std::vector<double> fd16(std::vector<float>& v, F&& loss) {
  return fd_fixed_step(v, loss, 1.0 / 16);
}

template <class H>
std::vector<H> to16(const std::vector<float>& v) {
  std::vector<H> out;
  for (float f : v) out.push_back(H(f));
  return out;
}

template <class H>
std::vector<float> from16(const std::vector<H>& v) {
  std::vector<float> out;
  for (const H& h : v) out.push_back(float(h));
  return out;
}

int main() {
  Checker check("rw6_half_storage");
  const int cols = 6, n = 100;
  Rng rng(6065);
  std::vector<float> x(n), bias(cols), scale = rng.vec<float>(cols, 0.5, 1.5), y0 = zeros<float>(n),
                          w = rng.vec<float>(n);
  for (int i = 0; i < n; ++i) x[i] = (float)((i * 29) % 400 - 200) / 256.f;
  for (int c = 0; c < cols; ++c) bias[c] = (float)(c * 13 % 40 - 20) / 64.f;
  // a loose tolerance: the 1/16 step has an O(h^2) error; the adjoints are stored in 16 bits
  const Tol tol{1e-2, 2e-2};
  auto run = [&](const std::vector<float>& xv, const std::vector<float>& bv,
                 const std::vector<float>& sv) {
    DeviceArray<__half> d_x(to16<__half>(xv));
    DeviceArray<__nv_bfloat16> d_b(to16<__nv_bfloat16>(bv));
    DeviceArray<float> d_s(sv), d_y(y0);
    CUAD_LAUNCH(silu_scale_half, 2, 32, d_x.ptr, d_b.ptr, d_s.ptr, d_y.ptr, (size_t)n, cols);
    return d_y.get();
  };
  DeviceArray<__half> d_x(to16<__half>(x));
  DeviceArray<__nv_bfloat16> d_b(to16<__nv_bfloat16>(bias));
  DeviceArray<float> d_s(scale), d_y(y0);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x, bias, scale)); };
  DeviceArray<__half> a_x(to16<__half>(zeros<float>(n)));
  DeviceArray<__nv_bfloat16> a_b(to16<__nv_bfloat16>(zeros<float>(cols)));
  DeviceArray<float> a_s(zeros<float>(cols)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(silu_scale_half_grad_0_1_2_3, 2, 32, d_x.ptr, d_b.ptr, d_s.ptr, d_y.ptr,
                        (size_t)n, cols, a_x.ptr, a_b.ptr, a_s.ptr, a_y.ptr));
  check.array("x", from16(a_x.get()), fd16<__half>(x, loss), tol);
  check.array("bias", from16(a_b.get()), fd16<__nv_bfloat16>(bias, loss), tol);
  check.array("scale", a_s.get(), fd(scale, loss));
  check.array("y", a_y.get(), fd(y0, loss));
#else
  // tangents: multiples of 1/16, so x + t v stays exact in 16 bits for t = +-1/16
  std::vector<float> vx(n), vb(cols), vs = rng.vec<float>(cols);
  for (int i = 0; i < n; ++i) vx[i] = (float)(i % 5 - 2) / 2.f;
  for (int c = 0; c < cols; ++c) vb[c] = (float)(c % 3 - 1) / 2.f;
  const double h = 1.0 / 16;
  std::vector<float> yp = run(along(x, h, vx), along(bias, h, vb), along(scale, h, vs)),
                     ym = run(along(x, -h, vx), along(bias, -h, vb), along(scale, -h, vs));
  std::vector<double> dir(n);
  for (int i = 0; i < n; ++i) dir[i] = ((double)yp[i] - ym[i]) / (2 * h);
  DeviceArray<__half> t_x(to16<__half>(vx));
  DeviceArray<__nv_bfloat16> t_b(to16<__nv_bfloat16>(vb));
  DeviceArray<float> t_s(vs), t_y(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(silu_scale_half_pushforward, 2, 32, d_x.ptr, d_b.ptr, d_s.ptr, d_y.ptr,
                        (size_t)n, cols, t_x.ptr, t_b.ptr, t_s.ptr, t_y.ptr));
  check.array("y", as_doubles(t_y.get()), dir, tol);
#endif
  return check.finish();
}
