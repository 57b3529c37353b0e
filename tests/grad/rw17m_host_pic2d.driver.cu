#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<double2> pack(const std::vector<double>& f) {
  std::vector<double2> v(f.size() / 2);
  for (size_t i = 0; i < v.size(); ++i) v[i] = make_double2(f[2 * i], f[2 * i + 1]);
  return v;
}
static std::vector<double> unpack(const std::vector<double2>& v) {
  std::vector<double> f;
  for (const auto& e : v) f.insert(f.end(), {e.x, e.y});
  return f;
}

int main() {
  Checker check("rw17m_host_pic2d");
  const int np = 40, sweeps = 6;
  double qm = -1.3;
  const double qw = 0.5, dt = 0.2, dx = 1.0;
  Rng rng(1706);
  // positions inside the box, away from the periodic edges and from grid nodes
  std::vector<double> x(2 * np), v = rng.vec(2 * np, -0.5, 0.5), wx = rng.vec(2 * np), wv = rng.vec(2 * np);
  for (auto& e : x) {
    const int cell = (int)rng.uniform(1.0, 6.99);
    e = cell + rng.uniform(0.1, 0.9);
  }
  auto loss = [&] {
    std::vector<double2> px = pack(x), pv = pack(v);
    pic2d_step(px.data(), pv.data(), qm, qw, dt, dx, np, sweeps);
    return dot(wx, unpack(px)) + dot(wv, unpack(pv));
  };
  std::vector<double2> px = pack(x), pv = pack(v), ax = pack(wx), av = pack(wv);
  double aq = 0.0;
  CUAD_GRAD(pic2d_step_grad_0_1_2(px.data(), pv.data(), qm, qw, dt, dx, np, sweeps, ax.data(), av.data(), &aq));
  check.array("xp", unpack(ax), fd(x, loss));
  check.array("vp", unpack(av), fd(v, loss));
  check.scalar("qm", aq, fd(qm, loss));
  return check.finish();
}
