#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("template_nested_fn_args");
  const int n = 16;
  Rng rng(2);
  std::vector<double> x = rng.vec(n), w = rng.vec(n);
#if CUAD_OUTPUT == 1
  std::vector<double> y0 = zeros<double>(n);
  Wrap<Sq> op{Sq{1.3}};
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y0);
    CUAD_LAUNCH((k<Wrap<Sq>>), 1, n, dx.ptr, dy.ptr, op);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(y0), ax(zeros<double>(n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH((k_grad_0_1<Wrap<Sq>>), 1, n, dx.ptr, dy.ptr, op, ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
#else
  typedef Compose<Sq, Wrap<Sq>> Op;
  Op op{Sq{0.7}, Wrap<Sq>{Sq{1.3}}};
  std::vector<double> out0 = zeros<double>(1);
#if CUAD_OUTPUT == 2
  const double wout = 0.9;
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(out0);
    CUAD_LAUNCH((transform_reduce<Op, 64>), 1, 64, dx.ptr, dout.ptr, op, n);
    return wout * dout.get()[0];
  };
  DeviceArray<double> dx(x), dout(out0), ax(zeros<double>(n)), aout(std::vector<double>{wout});
  CUAD_GRAD(CUAD_LAUNCH((transform_reduce_grad_0_1<Op, 64>), 1, 64, dx.ptr, dout.ptr, op, n,
                        ax.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
#else
  std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dout(out0);
    CUAD_LAUNCH((transform_reduce<Op, 64>), 1, 64, dx.ptr, dout.ptr, op, n);
    return dout.get();
  };
  DeviceArray<double> dx(x), dout(out0), d_x(vx), d_out(std::vector<double>{123.0});
  CUAD_GRAD(CUAD_LAUNCH((transform_reduce_pushforward_0_1<Op, 64>), 1, 64, dx.ptr, dout.ptr, op,
                        n, d_x.ptr, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
#endif
#endif
  return check.finish();
}
