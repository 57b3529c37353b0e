#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 2
__global__ void pair_driver(const Body* a, const Body* b, float mb, float* acc, float* ret) {
  if (threadIdx.x == 0) ret[0] = pair_accel(a, b, mb, acc);
}
__global__ void pair_grad_driver(const Body* a, const Body* b, float mb, float* acc, Body* da, Body* db,
                                 float* dacc) {
  if (threadIdx.x == 0) CUAD_GRAD(pair_accel_grad_0_1_3(a, b, mb, acc, da, db, dacc));
}
#endif

static std::vector<Body> to_bodies(const std::vector<float>& v) {
  std::vector<Body> b(v.size() / 6);
  for (size_t i = 0; i < b.size(); ++i) b[i] = Body{v[6 * i], v[6 * i + 1], v[6 * i + 2], v[6 * i + 3], v[6 * i + 4], v[6 * i + 5]};
  return b;
}
static std::vector<float> from_bodies(const std::vector<Body>& b) {
  std::vector<float> v;
  for (const Body& x : b) v.insert(v.end(), {x.x, x.y, x.z, x.vx, x.vy, x.vz});
  return v;
}

int main() {
  Checker check("rw24f_nbody_typedef");
  Rng rng(24003);
#if CUAD_OUTPUT == 1
  const int n = 19;
  const float dt = 0.05f;
  // bodies on a jittered 3x3x3 lattice (no close pairs: the softened force stays smooth)
  std::vector<float> pv = rng.vec<float>(6 * n, -0.5, 0.5), mass = rng.vec<float>(n, 0.5, 1.5),
                     pn0 = rng.vec<float>(6 * n, -1.0, 1.0);
  for (int i = 0; i < n; ++i) {
    pv[6 * i] = (float)(i % 3) + 0.3f * pv[6 * i];
    pv[6 * i + 1] = (float)((i / 3) % 3) + 0.3f * pv[6 * i + 1];
    pv[6 * i + 2] = (float)(i / 9) + 0.3f * pv[6 * i + 2];
  }
  std::vector<float> e0 = {0.25f};
  const std::vector<float> w = rng.vec<float>(6 * n), we = {0.7f};
  auto loss = [&] {
    DeviceArray<Body> d_p(to_bodies(pv)), d_n(to_bodies(pn0));
    DeviceArray<float> d_m(mass), d_e(e0);
    CUAD_LAUNCH(nbody_step, 1, 32, d_p.ptr, d_m.ptr, d_n.ptr, d_e.ptr, n, dt);
    return dot(w, from_bodies(d_n.get())) + dot(we, d_e.get());
  };
  DeviceArray<Body> d_p(to_bodies(pv)), d_n(to_bodies(pn0)), g_p(to_bodies(zeros<float>(6 * n))),
      g_n(to_bodies(w));
  DeviceArray<float> d_m(mass), d_e(e0), g_m(zeros<float>(n)), g_e(we);
  CUAD_GRAD(CUAD_LAUNCH(nbody_step_grad_0_1_2_3, 1, 32, d_p.ptr, d_m.ptr, d_n.ptr, d_e.ptr, n, dt, g_p.ptr,
                        g_m.ptr, g_n.ptr, g_e.ptr));
  check.array("p_old", from_bodies(g_p.get()), fd(pv, loss));
  check.array("mass", g_m.get(), fd(mass, loss));
  check.array("p_new", from_bodies(g_n.get()), zeros<double>(6 * n));
  check.array("energy", g_e.get(), fd(e0, loss));
#else
  std::vector<float> av = rng.vec<float>(6, -1.0, 1.0), bv = rng.vec<float>(6, -1.0, 1.0),
                     acc = rng.vec<float>(3, -1.0, 1.0);
  const float mb = 1.3f;
  const std::vector<float> wacc = rng.vec<float>(3);
  const float wret = 0.9f;
  auto loss = [&] {
    DeviceArray<Body> d_a(to_bodies(av)), d_b(to_bodies(bv));
    DeviceArray<float> d_acc(acc), d_ret(zeros<float>(1));
    CUAD_LAUNCH(pair_driver, 1, 1, d_a.ptr, d_b.ptr, mb, d_acc.ptr, d_ret.ptr);
    return dot(wacc, d_acc.get()) + wret * d_ret.get()[0];
  };
  // the returned value's seed is 1 in a device-function gradient: scale the other seeds by 1/wret
  std::vector<float> seed(3);
  for (int k = 0; k < 3; ++k) seed[k] = wacc[k] / wret;
  DeviceArray<Body> d_a(to_bodies(av)), d_b(to_bodies(bv)), g_a(to_bodies(zeros<float>(6))),
      g_b(to_bodies(zeros<float>(6)));
  DeviceArray<float> d_acc(acc), g_acc(seed);
  CUAD_GRAD(CUAD_LAUNCH(pair_grad_driver, 1, 1, d_a.ptr, d_b.ptr, mb, d_acc.ptr, g_a.ptr, g_b.ptr, g_acc.ptr));
  auto scaled = [&](std::vector<float> g) {
    for (auto& x : g) x *= wret;
    return g;
  };
  check.array("a", scaled(from_bodies(g_a.get())), fd(av, loss));
  check.array("b", scaled(from_bodies(g_b.get())), fd(bv, loss));
  check.array("acc", scaled(g_acc.get()), fd(acc, loss));
#endif
  return check.finish();
}
