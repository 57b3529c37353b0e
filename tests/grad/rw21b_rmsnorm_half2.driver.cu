#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<__half> to_half(const std::vector<float>& v) {
  std::vector<__half> h;
  for (float f : v) h.push_back(__float2half(f));
  return h;
}

int main() {
  Checker check("rw21b_rmsnorm_half2");
  const int C = 128, rows = 3, block = 64, grid = 2;  // 2 warps per block, the last one idle
  const float eps = 1e-5f;
  Rng rng(21002);
  // x on a 1/256 grid with |x| < 2: x +- 1/16 is exact in __half
  std::vector<float> x(rows * C);
  for (int i = 0; i < rows * C; ++i) x[i] = (float)((i * 37 + 11) % 480 - 240) / 256.f;
  std::vector<float> gamma = rng.vec<float>(C, 0.5, 1.5), out = rng.vec<float>(rows * C),
                     w = rng.vec<float>(rows * C);
  auto loss = [&] {
    DeviceArray<__half> dx(to_half(x));
    DeviceArray<float> dg(gamma), o(out);
    CUAD_LAUNCH(rmsnorm_half2<128>, grid, block, o.ptr, dx.ptr, dg.ptr, rows, eps);
    return dot(w, o.get());
  };
  DeviceArray<__half> dx(to_half(x)), a_x(to_half(zeros<float>(rows * C)));
  DeviceArray<float> dg(gamma), o(out), a_g(zeros<float>(C)), a_o(w);
  CUAD_GRAD(CUAD_LAUNCH(rmsnorm_half2_grad_0_1_2<128>, grid, block, o.ptr, dx.ptr, dg.ptr, rows,
                        eps, a_o.ptr, a_x.ptr, a_g.ptr));
  std::vector<float> ax;
  for (const __half& h : a_x.get()) ax.push_back(__half2float(h));
  // the 1/16 step has an O(h^2) error and the x adjoints are stored in __half
  const Tol tol{1e-2, 2e-2};
  check.array("x", ax, fd_fixed_step(x, loss, 1.0 / 16), tol);
  check.array("gamma", a_g.get(), fd(gamma, loss));
  check.array("out", a_o.get(), fd(out, loss));
  return check.finish();
}
