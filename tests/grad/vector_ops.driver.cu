#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<double3> to3(const std::vector<double>& v) {
  std::vector<double3> out(v.size() / 3);
  for (size_t i = 0; i < out.size(); ++i) out[i] = make_double3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
  return out;
}
static std::vector<double> flat(const std::vector<double3>& v) {
  std::vector<double> out;
  for (const double3& a : v) out.insert(out.end(), {a.x, a.y, a.z});
  return out;
}

int main() {
  Checker check("vector_ops");
  const int n = 80;
  Rng rng(45);
  std::vector<double> pos = rng.vec(3 * n, -2.0, 2.0), force = rng.vec(3 * n), wf = rng.vec(3 * n);
  double k = 0.8;
  auto loss = [&] {
    DeviceArray<double3> d_force(to3(force)), d_pos(to3(pos));
    CUAD_LAUNCH(springs, 3, 32, d_force.ptr, d_pos.ptr, n, k);
    return dot(wf, flat(d_force.get()));
  };
  DeviceArray<double3> d_force(to3(force)), d_pos(to3(pos)), a_force(to3(wf)),
      a_pos(to3(std::vector<double>(3 * n, 0.0)));
  DeviceScalar<double> a_k;
  CUAD_GRAD(CUAD_LAUNCH(springs_grad_0_1_3, 3, 32, d_force.ptr, d_pos.ptr, n, k, a_force.ptr,
                        a_pos.ptr, a_k.ptr));
  check.array("force", flat(a_force.get()), fd(force, loss));
  check.array("pos", flat(a_pos.get()), fd(pos, loss));
  check.scalar("k", a_k.value(), fd(k, loss));
  return check.finish();
}
