#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("vector_type_brace_init");
  const int n = 4;
  Rng rng(1305);
  std::vector<double> p = rng.vec(2 * n), w = rng.vec(n), vp = rng.vec(2 * n);
  double cx = 0.3;
  auto as2 = [](const std::vector<double>& v) {
    return std::vector<double2>((const double2*)v.data(), (const double2*)v.data() + v.size() / 2);
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double2> dp(as2(p));
    DeviceArray<double> dy(zeros<double>(n));
    CUAD_LAUNCH(k, 1, n, dp.ptr, dy.ptr, cx);
    return dot(w, dy.get());
  };
  DeviceArray<double2> dp(as2(p)), ap(as2(zeros<double>(2 * n)));
  DeviceArray<double> dy(zeros<double>(n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 1, n, dp.ptr, dy.ptr, cx, ap.ptr, ay.ptr));
  std::vector<double2> A = ap.get();
  check.array("p", std::vector<double>((double*)A.data(), (double*)A.data() + 2 * n), fd(p, loss));
#else
  double vcx = 0.7;
  auto outputs_at = [&](double t) {
    DeviceArray<double2> dp(as2(along(p, t, vp)));
    DeviceArray<double> dy(zeros<double>(n));
    CUAD_LAUNCH(k, 1, n, dp.ptr, dy.ptr, along(cx, t, vcx));
    return dy.get();
  };
  DeviceArray<double2> dp(as2(p)), tp(as2(vp));
  DeviceArray<double> dy(zeros<double>(n)), ty(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, n, dp.ptr, dy.ptr, cx, tp.ptr, ty.ptr, vcx));
  check.array("y tangent", ty.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
