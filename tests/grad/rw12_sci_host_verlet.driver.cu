#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<double3> to3(const std::vector<double>& a) {
  std::vector<double3> r(a.size() / 3);
  for (size_t i = 0; i < r.size(); ++i) r[i] = make_double3(a[3 * i], a[3 * i + 1], a[3 * i + 2]);
  return r;
}
static std::vector<double> from3(const std::vector<double3>& a) {
  std::vector<double> r(3 * a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    r[3 * i] = a[i].x;
    r[3 * i + 1] = a[i].y;
    r[3 * i + 2] = a[i].z;
  }
  return r;
}

int main() {
  Checker check("rw12_sci_host_verlet");
  const int n = 20, steps = 3;  // one warp-sized block, 12 idle lanes
  const double dt = 0.05;
  double k_spring = 2.0;
  Rng rng(1209);
  std::vector<double> pos(3 * n), vel = rng.vec(3 * n, -0.5, 0.5);
  for (int i = 0; i < n; ++i) {  // a wiggly chain with bond lengths near 1
    pos[3 * i] = 0.9 * i + rng.uniform(-0.1, 0.1);
    pos[3 * i + 1] = 0.3 * std::sin(0.7 * i) + rng.uniform(-0.1, 0.1);
    pos[3 * i + 2] = rng.uniform(-0.2, 0.2);
  }
  std::vector<double> wx = rng.vec(3 * n), wv = rng.vec(3 * n);
  auto loss = [&] {
    std::vector<double3> p = to3(pos), v = to3(vel);
    double ke = md_verlet(p.data(), v.data(), k_spring, dt, n, steps);
    return ke + dot(wx, from3(p)) + dot(wv, from3(v));
  };
  std::vector<double3> p = to3(pos), v = to3(vel), ap = to3(wx), av = to3(wv);
  double ak = 0.0;
  CUAD_GRAD(md_verlet_grad_0_1_2(p.data(), v.data(), k_spring, dt, n, steps, ap.data(), av.data(),
                                 &ak));
  check.array("pos", from3(ap), fd(pos, loss));
  check.array("vel", from3(av), fd(vel, loss));
  check.scalar("k_spring", ak, fd(k_spring, loss));
  return check.finish();
}
