#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 2
using Act = GeluTanh;
static Act make_act(float) { return GeluTanh{}; }
#else
using Act = Swish;
static Act make_act(float beta) {
  Swish s;
  s.beta = beta;
  return s;
}
#endif

int main() {
  Checker check("rw22b_crtp_act");
  const int rows = 6, cols = 9, n = rows * cols;  // 54 entries, 2 blocks of 32
  Rng rng(22008);
  std::vector<float> x = rng.vec<float>(n, -2.5, 2.5), bias = rng.vec<float>(cols, -0.5, 0.5),
                     y = rng.vec<float>(n), w = rng.vec<float>(n);
  std::vector<float> beta = {1.3f};
  auto run = [&](const std::vector<float>& xv, const std::vector<float>& bv, float b) {
    DeviceArray<float> dx(xv), db(bv), dy(y);
    CUAD_LAUNCH(bias_act<Act>, 2, 32, dx.ptr, db.ptr, make_act(b), dy.ptr, rows, cols);
    return dy.get();
  };
  DeviceArray<float> dx(x), db(bias), dy(y);
  const Act act = make_act(beta[0]);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x, bias, beta[0])); };
  DeviceArray<float> a_x(zeros<float>(n)), a_b(zeros<float>(cols)), a_y(w);
  DeviceScalar<Act> a_act(make_act(0.0f));
  CUAD_GRAD(CUAD_LAUNCH(bias_act_grad_0_1_2_3<Act>, 2, 32, dx.ptr, db.ptr, act, dy.ptr, rows,
                        cols, a_x.ptr, a_b.ptr, a_act.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
  check.array("act.beta", std::vector<float>{a_act.value().beta}, fd(beta, loss));
  check.array("y (only written)", a_y.get(), std::vector<double>(n, 0.0));
#elif CUAD_OUTPUT == 2
  auto loss = [&] { return dot(w, run(x, bias, 0.0f)); };
  DeviceArray<float> a_x(zeros<float>(n)), a_b(zeros<float>(cols)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(bias_act_grad_0_1_3<Act>, 2, 32, dx.ptr, db.ptr, act, dy.ptr, rows, cols,
                        a_x.ptr, a_b.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
  check.array("y (only written)", a_y.get(), std::vector<double>(n, 0.0));
#else
  std::vector<float> vx = rng.vec<float>(n), vb = rng.vec<float>(cols);
  const float vbeta = 0.6f;
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(x, t, vx), along(bias, t, vb), along(beta[0], t, vbeta)));
  };
  DeviceArray<float> t_x(vx), t_b(vb), t_y(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(bias_act_pushforward<Act>, 2, 32, dx.ptr, db.ptr, act, dy.ptr, rows, cols,
                        t_x.ptr, t_b.ptr, make_act(vbeta), t_y.ptr));
  check.array("y", as_doubles(t_y.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
