#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("functors");
#if CUAD_OUTPUT == 1
  const int n = 64;
  Rng rng(61);
  std::vector<float> out = rng.vec<float>(n), in = rng.vec<float>(n), w = rng.vec<float>(n);
  Affine op{0.8f, -0.3f};
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_in(in);
    CUAD_LAUNCH(apply<Affine>, 2, 32, d_out.ptr, d_in.ptr, op, n);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_in(in), a_out(w), a_in(zeros<float>(n));
  DeviceArray<Affine> a_op(1, Affine{0.0f, 0.0f});
  CUAD_GRAD(CUAD_LAUNCH(apply_grad_0_1_2<Affine>, 2, 32, d_out.ptr, d_in.ptr, op, n, a_out.ptr,
                        a_in.ptr, a_op.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  Affine g = a_op.get()[0];
  check.scalar("op.scale", g.scale, fd(op.scale, loss));
  check.scalar("op.shift", g.shift, fd(op.shift, loss));
#elif CUAD_OUTPUT == 3
  const int n = 40;
  Rng rng(63);
  std::vector<float> out = rng.vec<float>(n), w = rng.vec<float>(n), wq = rng.vec<float>(4 * n);
  std::vector<float> flat = rng.vec<float>(4 * n, 0.5, 1.0);
  auto quads = [&](const std::vector<float>& f) {
    std::vector<Quad> q(n);
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < 4; ++k) q[i].c[k] = f[4 * i + k];
    return q;
  };
  auto flatten = [&](const std::vector<Quad>& q) {
    std::vector<float> f(4 * n);
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < 4; ++k) f[4 * i + k] = q[i].c[k];
    return f;
  };
  auto loss = [&] {
    DeviceArray<float> d_out(out);
    DeviceArray<Quad> d_q(quads(flat));
    CUAD_LAUNCH(rotate, 2, 32, d_out.ptr, d_q.ptr, n);
    return dot(w, d_out.get()) + dot(wq, flatten(d_q.get()));
  };
  DeviceArray<float> d_out(out), a_out(w);
  DeviceArray<Quad> d_q(quads(flat)), a_q(quads(wq));
  CUAD_GRAD(CUAD_LAUNCH(rotate_grad_0_1, 2, 32, d_out.ptr, d_q.ptr, n, a_out.ptr, a_q.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("q", flatten(a_q.get()), fd(flat, loss));
#else
  const int n = 40, m = 5;
  Rng rng(62);
  std::vector<double> out = rng.vec(n), w = rng.vec(n);
  std::vector<double> flat = rng.vec(3 * n * m);
  std::vector<V3> v(n * m);
  auto load = [&] {
    for (int i = 0; i < n * m; ++i) v[i] = V3{flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]};
  };
  auto loss = [&] {
    load();
    DeviceArray<double> d_out(out);
    DeviceArray<V3> d_v(v);
    CUAD_LAUNCH(accumulate, 2, 32, d_out.ptr, d_v.ptr, n, m);
    return dot(w, d_out.get());
  };
  load();
  DeviceArray<double> d_out(out), a_out(w);
  DeviceArray<V3> d_v(v), a_v(std::vector<V3>(n * m, V3{0, 0, 0}));
  CUAD_GRAD(CUAD_LAUNCH(accumulate_grad_0_1, 2, 32, d_out.ptr, d_v.ptr, n, m, a_out.ptr, a_v.ptr));
  std::vector<V3> gv = a_v.get();
  std::vector<double> g(3 * n * m);
  for (int i = 0; i < n * m; ++i) {
    g[3 * i] = gv[i].x;
    g[3 * i + 1] = gv[i].y;
    g[3 * i + 2] = gv[i].z;
  }
  check.array("out", a_out.get(), fd(out, loss));
  check.array("v", g, fd(flat, loss));
#endif
  return check.finish();
}
