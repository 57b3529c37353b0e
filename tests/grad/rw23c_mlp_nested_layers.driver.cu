#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

typedef Mlp<4> Net;

// Every real field of the net, in a fixed order.
template <class N, class F>
static void each_field(N& m, F&& f) {
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 2; ++j) f(m.in_w[i][j]);
  for (int i = 0; i < 4; ++i) f(m.in_b[i]);
  for (int l = 0; l < 2; ++l) {
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) f(m.hidden[l].W[i][j]);
    for (int i = 0; i < 4; ++i) f(m.hidden[l].b[i]);
  }
  for (int i = 0; i < 4; ++i) f(m.out_w[i]);
  f(m.out_b);
}
static Net make_net(const std::vector<float>& p, Act a0, Act a1) {
  Net m;
  size_t k = 0;
  each_field(m, [&](float& v) { v = p[k++]; });
  m.hidden[0].act = a0;
  m.hidden[1].act = a1;
  return m;
}
static std::vector<float> params(Net m) {
  std::vector<float> p;
  each_field(m, [&](float& v) { p.push_back(v); });
  return p;
}

int main() {
  Checker check("rw23c_mlp_nested_layers");
  Rng rng(23306);
  const int n = 40, np = 8 + 4 + 2 * 20 + 4 + 1;
#if CUAD_OUTPUT == 1
  const Act a0 = ACT_SOFTPLUS, a1 = ACT_SILU;
#else
  const Act a0 = ACT_SILU, a1 = ACT_TANH;
#endif
  std::vector<float> prm = rng.vec<float>(np, -0.8, 0.8), x = rng.vec<float>(2 * n, -1.0, 1.0),
                     y = rng.vec<float>(n);
  auto run = [&](const std::vector<float>& p, const std::vector<float>& xv) {
    DeviceArray<float> dx(xv), dy(y);
    CUAD_LAUNCH(mlp_forward<4>, 2, 32, make_net(p, a0, a1), dx.ptr, dy.ptr, n);
    return dy.get();
  };
  Tol tol{2e-3, 1e-2};
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(prm, x)); };
  DeviceArray<float> dx(x), dy(y), ax(zeros<float>(2 * n)), ay(w);
  DeviceScalar<Net> an(make_net(zeros<float>(np), a0, a1));
  CUAD_GRAD(CUAD_LAUNCH(mlp_forward_grad_0_1_2<4>, 2, 32, make_net(prm, a0, a1), dx.ptr, dy.ptr, n, an.ptr, ax.ptr, ay.ptr));
  check.array("net", params(an.value()), fd(prm, loss), tol);
  check.array("x", ax.get(), fd(x, loss), tol);
  check.array("y (only written)", ay.get(), zeros<double>(n));
#else
  const std::vector<float> vp = rng.vec<float>(np), vx = rng.vec<float>(2 * n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(prm, t, vp), along(x, t, vx))); };
  DeviceArray<float> dx(x), dy(y), tx(vx), ty(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(mlp_forward_pushforward<4>, 2, 32, make_net(prm, a0, a1), dx.ptr, dy.ptr, n,
                        make_net(vp, a0, a1), tx.ptr, ty.ptr));
  check.array("y tangent", as_doubles(ty.get()), directional_fd<float>(outputs_at), tol);
#if !defined(CUAD_SELFTEST)
  check.array("y value", dy.get(), as_doubles(run(prm, x)), tol);
#endif
#endif
  return check.finish();
}
