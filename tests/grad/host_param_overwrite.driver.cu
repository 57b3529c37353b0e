#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_param_overwrite");
  Rng rng(4107);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 4 || CUAD_OUTPUT == 5
  const int n = 7;
  std::vector<double> w = rng.vec(n, -0.9, 0.9);
  const std::vector<double> ww = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto primal = write_back;
#define GRAD write_back_grad_0
#elif CUAD_OUTPUT == 4
  auto primal = write_back_default;
#define GRAD write_back_default_grad_0
#else
  auto primal = host_rescale;
#define GRAD host_rescale_grad_0
#endif
  auto loss = [&] {
    std::vector<double> c = w;
    const double s = primal(c.data(), n);
    return s + dot(ww, c);
  };
  std::vector<double> c = w, g = ww;
  CUAD_GRAD(GRAD(c.data(), n, g.data()));
  check.array("w", g, fd(w, loss));
#elif CUAD_OUTPUT == 2
  const int n = 45;
  std::vector<double> x = rng.vec(n, -0.9, 0.9), out = rng.vec(n);
  const std::vector<double> wo = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(out);
    reset_after(dx.ptr, dout.ptr, n);
    return dot(wo, dout.get());
  };
  DeviceArray<double> dx(x), dout(out), ax(zeros<double>(n)), aout(wo);
  CUAD_GRAD(reset_after_grad_0_1(dx.ptr, dout.ptr, n, ax.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("out", aout.get(), fd(out, loss));
#else
  const int n = 37, k = 3;
  std::vector<double> x = rng.vec(n, -0.9, 0.9), h = rng.vec(k * (n - 1), -0.9, 0.9);
  std::vector<double> out = rng.vec(n);
  const std::vector<double> wo = rng.vec(n), wx = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(out);
    stream_in(dx.ptr, h.data(), dout.ptr, n, k);
    return dot(wo, dout.get()) + dot(wx, dx.get());
  };
  std::vector<double> ah(k * (n - 1), 0.0);
  DeviceArray<double> dx(x), dout(out), ax(wx), aout(wo);
  CUAD_GRAD(stream_in_grad_0_1_2(dx.ptr, h.data(), dout.ptr, n, k, ax.ptr, ah.data(), aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("h", ah, fd(h, loss));
  check.array("out", aout.get(), fd(out, loss));
#endif
  return check.finish();
}
