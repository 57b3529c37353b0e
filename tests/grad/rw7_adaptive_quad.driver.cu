#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw7_adaptive_quad");
  const int n = 21, k = 3;
  Rng rng(7005);
  std::vector<double> mu = rng.vec<double>(n), prec = rng.vec<double>(n, 0.5, 3.0),
                      wts = rng.vec<double>(n * k), out = rng.vec<double>(n),
                      w = rng.vec<double>(n);
  auto run = [&](const std::vector<double>& m, const std::vector<double>& p,
                 const std::vector<double>& wt, const std::vector<double>& o) {
    DeviceArray<double> d_m(m), d_p(p), d_w(wt), d_o(o);
    CUAD_LAUNCH(gauss_moments, 2, 16, d_m.ptr, d_p.ptr, d_w.ptr, d_o.ptr, n, k);
    return d_o.get();
  };
  DeviceArray<double> d_m(mu), d_p(prec), d_w(wts), d_o(out);
#if CUAD_OUTPUT == 1
  // The pullback of the recursive helper runs under the gradient kernel's frame (its tape):
  // recursion sizes the stack at run time, and CUDA's default 1 KB per thread is too small.
  check_cuda(cudaDeviceSetLimit(cudaLimitStackSize, 32 * 1024), "cudaDeviceSetLimit");
  auto loss = [&] { return dot(w, run(mu, prec, wts, out)); };
  DeviceArray<double> a_m(zeros<double>(n)), a_p(zeros<double>(n)), a_w(zeros<double>(n * k)),
      a_o(w);
  CUAD_GRAD(CUAD_LAUNCH(gauss_moments_grad_0_1_2_3, 2, 16, d_m.ptr, d_p.ptr, d_w.ptr, d_o.ptr, n, k,
                        a_m.ptr, a_p.ptr, a_w.ptr, a_o.ptr));
  check.array("mu", a_m.get(), fd(mu, loss));
  check.array("prec", a_p.get(), fd(prec, loss));
  check.array("wts", a_w.get(), fd(wts, loss));
  check.array("out", a_o.get(), fd(out, loss));
#else
  std::vector<double> vm = rng.vec<double>(n), vp = rng.vec<double>(n), vw = rng.vec<double>(n * k),
                      vo = rng.vec<double>(n);
  auto outputs_at = [&](double t) {
    return run(along(mu, t, vm), along(prec, t, vp), along(wts, t, vw), along(out, t, vo));
  };
  DeviceArray<double> t_m(vm), t_p(vp), t_w(vw), t_o(vo);
  CUAD_GRAD(CUAD_LAUNCH(gauss_moments_pushforward, 2, 16, d_m.ptr, d_p.ptr, d_w.ptr, d_o.ptr, n, k,
                        t_m.ptr, t_p.ptr, t_w.ptr, t_o.ptr));
  check.array("out", t_o.get(), directional_fd<double>(outputs_at), default_tol<double>());
#endif
  return check.finish();
}
