#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw10_cpp_functor_verlet");
  const int n = 40;
  Rng rng(1005);
  std::vector<double> x = rng.vec(n, 0.2, 1.2), v = rng.vec(n, 0.2, 1.0);  // v stays > 0 (|v| kink)
  const DragForce f(1.5, 0.3);
  const double dt = 0.05;
  auto run = [&](const std::vector<double>& xv, const std::vector<double>& vv) {
    DeviceArray<double> dx(xv), dv(vv);
    CUAD_LAUNCH(integrate<DragForce>, 2, 32, dx.ptr, dv.ptr, f, dt, n);
    std::vector<double> out = dx.get(), o2 = dv.get();
    out.insert(out.end(), o2.begin(), o2.end());
    return out;
  };
  DeviceArray<double> dx(x), dv(v);
#if CUAD_OUTPUT == 1
  std::vector<double> wx = rng.vec(n), wv = rng.vec(n);
  auto loss = [&] {
    std::vector<double> o = run(x, v);
    return dot(wx, std::vector<double>(o.begin(), o.begin() + n)) +
           dot(wv, std::vector<double>(o.begin() + n, o.end()));
  };
  DeviceArray<double> ax(wx), av(wv);
  CUAD_GRAD(CUAD_LAUNCH(integrate_grad_0_1<DragForce>, 2, 32, dx.ptr, dv.ptr, f, dt, n, ax.ptr, av.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("v", av.get(), fd(v, loss));
#else
  std::vector<double> tx = rng.vec(n), tv = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(x, t, tx), along(v, t, tv)); };
  DeviceArray<double> d_tx(tx), d_tv(tv);
  CUAD_GRAD(CUAD_LAUNCH(integrate_pushforward_0_1<DragForce>, 2, 32, dx.ptr, dv.ptr, f, dt, n, d_tx.ptr, d_tv.ptr));
  std::vector<double> got = d_tx.get(), g2 = d_tv.get();
  got.insert(got.end(), g2.begin(), g2.end());
  check.array("x,v", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
