#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<V3> points(const std::vector<double>& v) {
  std::vector<V3> out(v.size() / 3);
  for (size_t i = 0; i < out.size(); ++i) out[i] = {v[3 * i], v[3 * i + 1], v[3 * i + 2]};
  return out;
}

int main() {
  Checker check("class_template_struct");
  const int n = 50;
  Rng rng(60);
  std::vector<double> p = rng.vec(3 * n), e = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<V3> d_p(points(p));
    DeviceArray<double> d_e(e);
    CUAD_LAUNCH(energy, 2, 32, d_p.ptr, d_e.ptr, n);
    return dot(w, d_e.get());
  };
  DeviceArray<V3> d_p(points(p)), a_p(points(std::vector<double>(3 * n, 0.0)));
  DeviceArray<double> d_e(e), a_e(w);
  CUAD_GRAD(CUAD_LAUNCH(energy_grad_0_1, 2, 32, d_p.ptr, d_e.ptr, n, a_p.ptr, a_e.ptr));
  std::vector<double> g;
  for (const V3& v : a_p.get()) g.insert(g.end(), {v.x, v.y, v.z});
  check.array("p", g, fd(p, loss));
  check.array("e", a_e.get(), fd(e, loss));
  return check.finish();
}
