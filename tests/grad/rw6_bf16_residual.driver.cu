#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Central differences on bf16 inputs: multiples of 1/64 with |x| < 2 are exact in bf16, and so
// is x +- 1/16, so the primal sees the perturbation unrounded.
template <class F>
std::vector<double> fd16(std::vector<float>& v, F&& loss) {
  return fd_fixed_step(v, loss, 1.0 / 16);
}

static std::vector<floatX> to_bf16(const std::vector<float>& v) {
  std::vector<floatX> out;
  for (float f : v) out.push_back(floatX(f));
  return out;
}

static std::vector<float> from_bf16(const std::vector<floatX>& v) {
  std::vector<float> out;
  for (const floatX& h : v) out.push_back((float)h);
  return out;
}

int main() {
  Checker check("rw6_bf16_residual");
  const int T = 3, C = 45;  // 2 blocks of 32 channels (the second partial) x 3 tokens
  Rng rng(6070);
  std::vector<float> a(T * C), b(T * C), bias = rng.vec<float>(C, -0.5, 0.5),
                                         out0 = zeros<float>(T * C), w = rng.vec<float>(T * C);
  for (int i = 0; i < T * C; ++i) {
    a[i] = (float)((i * 37) % 160 - 80) / 64.f;
    b[i] = (float)((i * 11) % 96 - 48) / 64.f;
  }
  const Tol tol{1e-2, 2e-2};  // O(h^2) with h = 1/16, and adjoints stored in bf16
  const dim3 grid(2, T);
  auto run = [&](const std::vector<float>& av, const std::vector<float>& bv,
                 const std::vector<float>& biv) {
    DeviceArray<floatX> d_a(to_bf16(av)), d_b(to_bf16(bv));
    DeviceArray<float> d_bias(biv), d_out(out0);
    CUAD_LAUNCH(fused_residual_gelu, grid, 32, d_a.ptr, d_b.ptr, d_bias.ptr, d_out.ptr, T, C);
    return d_out.get();
  };
  DeviceArray<floatX> d_a(to_bf16(a)), d_b(to_bf16(b));
  DeviceArray<float> d_bias(bias), d_out(out0);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(a, b, bias)); };
  DeviceArray<floatX> a_a(to_bf16(zeros<float>(T * C))), a_b(to_bf16(zeros<float>(T * C)));
  DeviceArray<float> a_bias(zeros<float>(C)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(fused_residual_gelu_grad_0_1_2_3, grid, 32, d_a.ptr, d_b.ptr, d_bias.ptr,
                        d_out.ptr, T, C, a_a.ptr, a_b.ptr, a_bias.ptr, a_out.ptr));
  check.array("inp1", from_bf16(a_a.get()), fd16(a, loss), tol);
  check.array("inp2", from_bf16(a_b.get()), fd16(b, loss), tol);
  check.array("bias", a_bias.get(), fd(bias, loss));
  check.array("out", a_out.get(), fd(out0, loss));
#else
  std::vector<float> va(T * C), vb(T * C), vbias = rng.vec<float>(C);
  for (int i = 0; i < T * C; ++i) {
    va[i] = (float)(i % 3 - 1);
    vb[i] = (float)(i % 5 - 2) / 2.f;
  }
  const double h = 1.0 / 16;
  std::vector<float> yp = run(along(a, h, va), along(b, h, vb), along(bias, h, vbias)),
                     ym = run(along(a, -h, va), along(b, -h, vb), along(bias, -h, vbias));
  std::vector<double> dir(T * C);
  for (int i = 0; i < T * C; ++i) dir[i] = ((double)yp[i] - ym[i]) / (2 * h);
  DeviceArray<floatX> t_a(to_bf16(va)), t_b(to_bf16(vb));
  DeviceArray<float> t_bias(vbias), t_out(zeros<float>(T * C));
  CUAD_GRAD(CUAD_LAUNCH(fused_residual_gelu_pushforward, grid, 32, d_a.ptr, d_b.ptr, d_bias.ptr,
                        d_out.ptr, T, C, t_a.ptr, t_b.ptr, t_bias.ptr, t_out.ptr));
  check.array("out", as_doubles(t_out.get()), dir, tol);
#endif
  return check.finish();
}
