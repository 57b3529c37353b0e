#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("views_struct_param_scale");
  Rng rng(2401);
  const int threads = 4, rpt = 2, n = 3, stride = 5;
  const int len = threads * rpt * stride;
  std::vector<float> x = rng.vec<float>(len), y = rng.vec<float>(threads * rpt);
  float scale = 0.7f;
  auto run = [&](const std::vector<float>& xv, float sc) {
    DeviceArray<float> dx(xv), dy(y);
    CUAD_LAUNCH(scaled_rows, 1, threads, Rows{dx.ptr, sc, stride}, dy.ptr, rpt, n);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(threads * rpt);
  auto loss = [&] { return dot(w, run(x, scale)); };
  DeviceArray<float> dx(x), dy(y), gx(zeros<float>(len)), gy(w);
  DeviceArray<Rows> gp(std::vector<Rows>{Rows{gx.ptr, 0.0f, stride}});
  CUAD_GRAD(CUAD_LAUNCH(scaled_rows_grad_0_1, 1, threads, Rows{dx.ptr, scale, stride}, dy.ptr, rpt, n, gp.ptr, gy.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.scalar("scale", gp.get()[0].scale, fd(scale, loss));
  check.array("y", gy.get(), zeros<double>(threads * rpt));
#else
  const std::vector<float> vx = rng.vec<float>(len);
  const float vs = 0.4f;
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx), along(scale, t, vs))); };
  DeviceArray<float> dx(x), dy(y), tx(vx), ty(zeros<float>(threads * rpt));
  CUAD_GRAD(CUAD_LAUNCH(scaled_rows_pushforward, 1, threads, Rows{dx.ptr, scale, stride}, dy.ptr, rpt, n,
                        Rows{tx.ptr, vs, 0}, ty.ptr));
  check.array("y tangent", as_doubles(ty.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
