#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;
using phys::Body;
using phys::Spring;

static const int kPer = 23;  // doubles per Body
static_assert(sizeof(Body) == kPer * sizeof(double), "Body is a plain block of doubles");

static std::vector<Body> unpack(const std::vector<double>& v) {
  std::vector<Body> b(v.size() / kPer);
  std::memcpy(b.data(), v.data(), v.size() * sizeof(double));
  return b;
}
static std::vector<double> pack(const std::vector<Body>& b) {
  std::vector<double> v(b.size() * kPer);
  std::memcpy(v.data(), b.data(), v.size() * sizeof(double));
  return v;
}

int main() {
  Checker check("rw23c_rigid_springs");
  Rng rng(23301);
  const int nb = 5, ns = 9;
  std::vector<double> bod(nb * kPer);
  for (int i = 0; i < nb; ++i) {
    double* p = &bod[i * kPer];
    p[0] = 1.5 * i; p[1] = rng.uniform(-0.5, 0.5); p[2] = rng.uniform(-0.5, 0.5);
    double q[4] = {1.0, rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4)};
    const double qn = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (int k = 0; k < 4; ++k) p[3 + k] = q[k] / qn;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) p[7 + 3 * r + c] = (r == c ? 1.0 : 0.0) + rng.uniform(-0.1, 0.1);
    for (int k = 0; k < 6; ++k) p[16 + k] = rng.uniform(-0.6, 0.6);
    p[22] = rng.uniform(0.5, 2.0);
  }
  std::vector<Spring> springs(ns);
  for (int s = 0; s < ns; ++s) springs[s] = Spring{s % nb, (s * 2 + 1) % nb, s % 2, (s / 2) % 2};
  springs[4] = Spring{4, 0, 1, 1};
  std::vector<double> rest = rng.vec(ns, 0.3, 0.9), energy = rng.vec(ns);
  auto run = [&](const std::vector<double>& b, const std::vector<double>& r) {
    DeviceArray<Body> db(unpack(b));
    DeviceArray<Spring> dsp(springs);
    DeviceArray<double> dr(r), de(energy);
    CUAD_LAUNCH(phys::spring_energy, 1, 32, db.ptr, dsp.ptr, dr.ptr, de.ptr, ns);
    return de.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(ns);
  auto loss = [&] { return dot(w, run(bod, rest)); };
  DeviceArray<Body> db(unpack(bod)), ab(unpack(zeros<double>(nb * kPer)));
  DeviceArray<Spring> dsp(springs);
  DeviceArray<double> dr(rest), de(energy), ar(zeros<double>(ns)), ae(w);
  CUAD_GRAD(CUAD_LAUNCH(phys::spring_energy_grad_0_2_3, 1, 32, db.ptr, dsp.ptr, dr.ptr, de.ptr, ns,
                        ab.ptr, ar.ptr, ae.ptr));
  check.array("bodies", pack(ab.get()), fd(bod, loss));
  check.array("rest", ar.get(), fd(rest, loss));
  check.array("energy (only written)", ae.get(), zeros<double>(ns));
#else
  const std::vector<double> vb = rng.vec(nb * kPer);
  auto outputs_at = [&](double t) { return run(along(bod, t, vb), rest); };
  DeviceArray<Body> db(unpack(bod)), tb(unpack(vb));
  DeviceArray<Spring> dsp(springs);
  DeviceArray<double> dr(rest), de(energy), te(zeros<double>(ns));
  CUAD_GRAD(CUAD_LAUNCH(phys::spring_energy_pushforward_0_3, 1, 32, db.ptr, dsp.ptr, dr.ptr, de.ptr,
                        ns, tb.ptr, te.ptr));
  check.array("energy tangent", te.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("energy value", de.get(), run(bod, rest));
#endif
#endif
  return check.finish();
}
