#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 10 device arrays of a ChainSoA, from one host vector laid out field after field
// (x, y, z, vx, vy, vz, fx, fy, fz: n each; then e: 1).
struct DevChain {
  std::vector<DeviceArray<double>*> arrays;
  ChainSoA c;
  DevChain(const std::vector<double>& flat, int n) {
    for (int k = 0; k < 9; ++k)
      arrays.push_back(new DeviceArray<double>(std::vector<double>(flat.begin() + k * n, flat.begin() + (k + 1) * n)));
    arrays.push_back(new DeviceArray<double>(std::vector<double>{flat[9 * n]}));
    double** f[10] = {&c.x, &c.y, &c.z, &c.vx, &c.vy, &c.vz, &c.fx, &c.fy, &c.fz, &c.e};
    for (int k = 0; k < 10; ++k) *f[k] = arrays[k]->ptr;
    c.n = n;
  }
  std::vector<double> get() const {
    std::vector<double> r;
    for (auto* a : arrays) {
      const std::vector<double> v = a->get();
      r.insert(r.end(), v.begin(), v.end());
    }
    return r;
  }
  ~DevChain() {
    for (auto* a : arrays) delete a;
  }
};

static std::vector<double> prm_vec(const ChainParams& p) {
  return {p.k_bond, p.r0, p.k_angle, p.theta0, p.damping, p.dt};
}
static ChainParams vec_prm(const std::vector<double>& v) {
  ChainParams p;
  p.k_bond = v[0], p.r0 = v[1], p.k_angle = v[2], p.theta0 = v[3], p.damping = v[4], p.dt = v[5];
  return p;
}

int main() {
  Checker check("rw23b_chain_soa_struct");
  Rng rng(23216);
  const int n = 12, steps = 5;
  // a zig-zag chain with bond angles well inside (0, pi)
  std::vector<double> state(9 * n + 1, 0.0);
  for (int i = 0; i < n; ++i) {
    state[i] = 0.8 * i + rng.uniform(-0.1, 0.1);
    state[n + i] = (i % 2 ? 0.5 : 0.0) + rng.uniform(-0.1, 0.1);
    state[2 * n + i] = rng.uniform(-0.3, 0.3);
    for (int d = 3; d < 6; ++d) state[d * n + i] = rng.uniform(-0.3, 0.3);
    for (int d = 6; d < 9; ++d) state[d * n + i] = rng.uniform(-1.0, 1.0);  // stale forces: overwritten
  }
  state[9 * n] = 0.7;  // stale energy: cleared
  std::vector<double> prm = {40.0, 0.95, 3.0, 2.2, 0.1, 0.02};
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(9 * n + 1);
  for (int k = 6 * n; k < 9 * n + 1; ++k) w[k] = 0.0;  // outputs weighted: positions and velocities
  auto loss = [&] {
    DevChain d(state, n);
    const double e = chain_relax(d.c, vec_prm(prm), steps);
    return e + dot(w, d.get());
  };
  DevChain d(state, n), g(w, n);
  ChainParams gp = vec_prm(std::vector<double>(6, 0.0));
  const ChainParams p = vec_prm(prm);
  CUAD_GRAD(chain_relax_grad_0_1(d.c, p, steps, &g.c, &gp));
  const std::vector<double> gs = g.get();
  check.array("dev (x, y, z, vx, vy, vz, fx, fy, fz, e)", gs, fd(state, loss));
  check.array("prm", prm_vec(gp), fd(prm, loss));
#elif CUAD_OUTPUT == 3
  // forward mode of the host function: tangents of every array of the struct and of the parameters
  std::vector<double> ts = rng.vec(9 * n + 1, -0.3, 0.3), tp = {2.0, 0.05, 0.3, -0.1, 0.01, 0.001};
  auto outputs_at = [&](double t) {
    DevChain d(along(state, t, ts), n);
    const double e = chain_relax(d.c, vec_prm(along(prm, t, tp)), steps);
    std::vector<double> out = d.get();
    out.resize(6 * n);  // positions and velocities (forces and the energy slot are scratch)
    out.push_back(e);
    return out;
  };
  DevChain d(state, n), t(ts, n);
  const ChainParams p = vec_prm(prm), tpp = vec_prm(tp);
  double tangent = 0.0;
  CUAD_GRAD(tangent = chain_relax_pushforward(d.c, p, steps, t.c, tpp).pushforward);
  std::vector<double> tan = t.get();
  tan.resize(6 * n);
  tan.push_back(tangent);
  check.array("tangents (x .. vz, return)", tan, directional_fd<double>(outputs_at));
#else
  // the angle kernel alone: its outputs are the forces (+=) and the energy (+=)
  std::vector<double> w(9 * n + 1, 0.0);
  for (int k = 6 * n; k < 9 * n + 1; ++k) w[k] = rng.uniform(-1.0, 1.0);
  auto loss = [&] {
    DevChain d(state, n);
    CUAD_LAUNCH(angle_forces, 1, 32, d.c, vec_prm(prm));
    return dot(w, d.get());
  };
  DevChain d(state, n), g(w, n);
  DeviceArray<ChainSoA> d_gc(std::vector<ChainSoA>{g.c});
  DeviceArray<ChainParams> d_gp(std::vector<ChainParams>{vec_prm(std::vector<double>(6, 0.0))});
  CUAD_GRAD(CUAD_LAUNCH(angle_forces_grad, 1, 32, d.c, vec_prm(prm), d_gc.ptr, d_gp.ptr));
  check.array("c (x, y, z, vx, vy, vz, fx, fy, fz, e)", g.get(), fd(state, loss));
  check.array("prm", prm_vec(d_gp.get()[0]), fd(prm, loss));
#endif
  return check.finish();
}
