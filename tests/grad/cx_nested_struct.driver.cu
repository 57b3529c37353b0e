#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<Body> bods(const std::vector<double>& v) {
  std::vector<Body> o(v.size() / 6);
  for (size_t i = 0; i < o.size(); ++i) {
    const double* q = &v[6 * i];
    o[i].pos = {q[0], q[1]};
    o[i].vel = {q[2], q[3]};
    o[i].w[0] = q[4];
    o[i].w[1] = q[5];
  }
  return o;
}
static std::vector<double> flat(const std::vector<Body>& v) {
  std::vector<double> o;
  for (const Body& a : v) o.insert(o.end(), {a.pos.x, a.pos.y, a.vel.x, a.vel.y, a.w[0], a.w[1]});
  return o;
}

int main() {
  Checker check("cx_nested_struct");
  const int n = 10;
  Rng rng(105);
  std::vector<double> out = rng.vec(n), w = rng.vec(n), b = rng.vec(6 * 2 * n);
  double k = 1.3;
  auto loss = [&] {
    DeviceArray<double> d_out(out);
    DeviceArray<Body> d_b(bods(b));
    CUAD_LAUNCH(nested, 1, 32, d_out.ptr, d_b.ptr, k, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), a_out(w);
  DeviceArray<Body> d_b(bods(b)), a_b(bods(zeros<double>(6 * 2 * n)));
  DeviceScalar<double> a_k;
  CUAD_GRAD(CUAD_LAUNCH(nested_grad_0_1_2, 1, 32, d_out.ptr, d_b.ptr, k, n, a_out.ptr, a_b.ptr, a_k.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("bodies", flat(a_b.get()), fd(b, loss));
  check.scalar("k", a_k.value(), fd(k, loss));
  return check.finish();
}
