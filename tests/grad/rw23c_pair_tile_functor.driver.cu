#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
using Pot = LennardJones;
static Pot make_pot(const std::vector<double>& p) {
  Pot q;
  q.cut = Cutoff{p[0], p[1]};
  q.eps = p[2];
  q.sigma = p[3];
  return q;
}
static std::vector<double> pot_params(const Pot& q) { return {q.cut.rc, q.cut.rs, q.eps, q.sigma}; }
static std::vector<double> base_params() { return {2.5, 2.0, 0.7, 1.0}; }
#else
using Pot = Morse;
static Pot make_pot(const std::vector<double>& p) {
  Pot q;
  q.cut = Cutoff{p[0], p[1]};
  q.D = p[2];
  q.a = p[3];
  q.r0 = p[4];
  return q;
}
static std::vector<double> pot_params(const Pot& q) { return {q.cut.rc, q.cut.rs, q.D, q.a, q.r0}; }
static std::vector<double> base_params() { return {2.5, 2.0, 0.8, 1.3, 1.2}; }
#endif

static std::vector<double3> to_d3(const std::vector<double>& v) {
  std::vector<double3> p(v.size() / 3);
  for (size_t i = 0; i < p.size(); ++i) p[i] = make_double3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
  return p;
}
static std::vector<double> flat(const std::vector<double3>& p) {
  std::vector<double> v;
  for (const double3& q : p) v.insert(v.end(), {q.x, q.y, q.z});
  return v;
}

int main() {
  Checker check("rw23c_pair_tile_functor");
  Rng rng(23308);
  const int n = 45;  // two tiles, the second partial; blocks of 32
  std::vector<double> prm = base_params();
  const double rc = prm[0], rs = prm[1];
  // positions with every pair distance > 0.85 and away from rs and rc
  std::vector<double> pos;
  while ((int)pos.size() < 3 * n) {
    const double p[3] = {rng.uniform(0.0, 4.5), rng.uniform(0.0, 4.5), rng.uniform(0.0, 4.5)};
    bool ok = true;
    for (size_t j = 0; j < pos.size(); j += 3) {
      const double d = std::sqrt((p[0] - pos[j]) * (p[0] - pos[j]) + (p[1] - pos[j + 1]) * (p[1] - pos[j + 1]) +
                                 (p[2] - pos[j + 2]) * (p[2] - pos[j + 2]));
      if (d < 0.85 || std::fabs(d - rc) < 0.01 || std::fabs(d - rs) < 0.01) ok = false;
    }
    if (ok) pos.insert(pos.end(), p, p + 3);
  }
  std::vector<double> energy = rng.vec(n);
  auto run = [&](const std::vector<double>& p, const std::vector<double>& q) {
    DeviceArray<double3> dp(to_d3(p));
    DeviceArray<double> de(energy);
    CUAD_LAUNCH((pair_energy<Pot, 32>), 2, 32, dp.ptr, make_pot(q), de.ptr, n);
    return de.get();
  };
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(pos, prm)); };
  DeviceArray<double3> dp(to_d3(pos)), ap(to_d3(zeros<double>(3 * n)));
  DeviceArray<double> de(energy), ae(w);
  DeviceScalar<Pot> aq(make_pot(zeros<double>(prm.size())));
  CUAD_GRAD(CUAD_LAUNCH((pair_energy_grad_0_1_2<Pot, 32>), 2, 32, dp.ptr, make_pot(prm), de.ptr, n, ap.ptr, aq.ptr,
                        ae.ptr));
  check.array("pos", flat(ap.get()), fd(pos, loss));
  check.array("pot", pot_params(aq.value()), fd(prm, loss));
  check.array("energy (only written)", ae.get(), zeros<double>(n));
#else
  const std::vector<double> vp = rng.vec(3 * n), vq = rng.vec(prm.size(), -0.1, 0.1);
  auto outputs_at = [&](double t) { return run(along(pos, t, vp), along(prm, t, vq)); };
  DeviceArray<double3> dp(to_d3(pos)), tp(to_d3(vp));
  DeviceArray<double> de(energy), te(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH((pair_energy_pushforward<Pot, 32>), 2, 32, dp.ptr, make_pot(prm), de.ptr, n, tp.ptr,
                        make_pot(vq), te.ptr));
  check.array("energy tangent", te.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("energy value", de.get(), run(pos, prm));
#endif
#endif
  return check.finish();
}
