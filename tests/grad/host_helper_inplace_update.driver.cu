#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_helper_inplace_update");
  Rng rng(25611);
  const int n = 40, steps = 3;
  std::vector<double> x = rng.vec(n, 0.2, 1.1), c = rng.vec(n, 0.5, 1.5);
  double dt = 0.3;
  const std::vector<double> w = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> xc = x;
    relax_host(xc.data(), c.data(), dt, n, steps);
    return dot(w, xc);
  };
  std::vector<double> xc = x, gx = w, gc(n, 0.0);
  double gdt = 0.0;
  CUAD_GRAD(relax_host_grad_0_1_2(xc.data(), c.data(), dt, n, steps, gx.data(), gc.data(), &gdt));
  check.array("x", gx, fd(x, loss));
  check.array("c", gc, fd(c, loss));
  check.scalar("dt", gdt, fd(dt, loss));
#elif CUAD_OUTPUT == 2
  auto loss = [&] {
    DeviceArray<double> dd(x), dc(c);
    relax_dev(dd.ptr, dc.ptr, dt, n);
    return dot(w, dd.get());
  };
  DeviceArray<double> dd(x), dc(c), ad(w), ac(zeros<double>(n));
  double gdt = 0.0;
  CUAD_GRAD(relax_dev_grad_0_1_2(dd.ptr, dc.ptr, dt, n, ad.ptr, ac.ptr, &gdt));
  check.array("d", ad.get(), fd(x, loss));
  check.array("c", ac.get(), fd(c, loss));
  check.scalar("dt", gdt, fd(dt, loss));
#else
  auto loss = [&] {
    std::vector<double> y(n);
    relax_mem(x.data(), y.data(), n);
    return dot(w, y);
  };
  std::vector<double> y(n, 0.0), gx(n, 0.0), gy = w;
  CUAD_GRAD(relax_mem_grad_0_1(x.data(), y.data(), n, gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  check.array("y", gy, zeros<double>(n));
#endif
  return check.finish();
}
