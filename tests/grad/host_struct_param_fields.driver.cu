#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_struct_param_fields");
  Rng rng(20023);
  const int n = 70;
  std::vector<double> w = rng.vec(n, -0.9, 0.9), x = rng.vec(n, -0.8, 0.8);
  double gain = 0.7;
  const std::vector<double> wy = rng.vec(n);
  auto run = [&](Model* m, const double* dx, double* dy) {
#if CUAD_OUTPUT == 1
    forward_ref(*m, dx, dy);
#else
    forward_ptr(m, dx, dy);
#endif
  };
  auto loss = [&] {
    DeviceArray<double> dw(w), dh(n, 0.0), dx(x), dy(n, 0.0);
    Model m{dw.ptr, dh.ptr, gain, n};
    run(&m, dx.ptr, dy.ptr);
    return dot(wy, dy.get());
  };
  DeviceArray<double> dw(w), dh(n, 0.0), dx(x), dy(n, 0.0);
  DeviceArray<double> aw(zeros<double>(n)), ah(zeros<double>(n)), ax(zeros<double>(n)), ay(wy);
  Model m{dw.ptr, dh.ptr, gain, n};
  Model am{aw.ptr, ah.ptr, 0.0, 0};
#if CUAD_OUTPUT == 1
  CUAD_GRAD(forward_ref_grad(m, dx.ptr, dy.ptr, &am, ax.ptr, ay.ptr));
#else
  CUAD_GRAD(forward_ptr_grad(&m, dx.ptr, dy.ptr, &am, ax.ptr, ay.ptr));
#endif
  check.array("w", aw.get(), fd(w, loss));
  check.array("x", ax.get(), fd(x, loss));
  check.scalar("gain", am.gain, fd(gain, loss));
  return check.finish();
}
