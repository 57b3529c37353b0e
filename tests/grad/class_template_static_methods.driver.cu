#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("class_template_static_methods");
  Rng rng(20101);
  const int n = 40;
#if CUAD_OUTPUT == 1
  std::vector<double> c = rng.vec(4, -1.0, 1.0), x = rng.vec(n, -0.9, 0.9);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dc(c), dx(x), dy(n, 0.0);
    CUAD_LAUNCH(poly<double>, 1, 64, dc.ptr, dx.ptr, dy.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dc(c), dx(x), dy(n, 0.0), ac(zeros<double>(4)), ax(zeros<double>(n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(poly_grad_0_1_2<double>, 1, 64, dc.ptr, dx.ptr, dy.ptr, n, ac.ptr, ax.ptr,
                        ay.ptr));
  check.array("c", ac.get(), fd(c, loss));
  check.array("x", ax.get(), fd(x, loss));
#elif CUAD_OUTPUT == 2
  std::vector<double> a = rng.vec(n, -0.9, 0.9);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> da(a), dy(n, 0.0);
    CUAD_LAUNCH(mixed, 1, 64, da.ptr, dy.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> da(a), dy(n, 0.0), aa(zeros<double>(n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(mixed_grad_0_1, 1, 64, da.ptr, dy.ptr, n, aa.ptr, ay.ptr));
  check.array("a", aa.get(), fd(a, loss));
#else
  std::vector<double> a = rng.vec(n, -0.9, 0.9), va = rng.vec(n, -1.0, 1.0);
  auto outputs_at = [&](double t) {
    DeviceArray<double> da(along(a, t, va)), dy(n, 0.0);
    CUAD_LAUNCH(mixed, 1, 64, da.ptr, dy.ptr, n);
    return dy.get();
  };
  DeviceArray<double> da(a), dy(n, 0.0), ta(va), ty(n, 0.0);
  CUAD_GRAD(CUAD_LAUNCH(mixed_pushforward, 1, 64, da.ptr, dy.ptr, n, ta.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
