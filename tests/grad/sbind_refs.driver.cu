#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<Body> bodies_of(const std::vector<double>& v) {
  std::vector<Body> out(v.size() / 3);
  for (size_t i = 0; i < out.size(); ++i) out[i] = Body{v[3 * i], v[3 * i + 1], v[3 * i + 2]};
  return out;
}
static std::vector<double> flat(const std::vector<Body>& b) {
  std::vector<double> out;
  for (const Body& e : b) out.insert(out.end(), {e.x, e.v, e.m});
  return out;
}

int main() {
  Checker check("sbind_refs");
  const int n = 48;
  Rng rng(2417);
  // Interleaved x, v, m with masses in [1, 2].
  std::vector<double> bodies = rng.vec(3 * n), k = rng.vec(n, 0.5, 1.5), e = rng.vec(n);
  for (int i = 0; i < n; ++i) bodies[3 * i + 2] = 1.5 + 0.5 * bodies[3 * i + 2];
  double dt = 0.3;
#if CUAD_OUTPUT == 1
  std::vector<double> wb = rng.vec(3 * n), we = rng.vec(n);
  auto loss = [&] {
    DeviceArray<Body> d_b(bodies_of(bodies));
    DeviceArray<double> d_k(k), d_e(e);
    CUAD_LAUNCH(integrate, 2, 32, d_b.ptr, d_k.ptr, dt, d_e.ptr, n);
    return dot(wb, flat(d_b.get())) + dot(we, d_e.get());
  };
  DeviceArray<Body> d_b(bodies_of(bodies)), a_b(bodies_of(wb));
  DeviceArray<double> d_k(k), d_e(e), a_k(zeros<double>(n)), a_e(we);
  DeviceScalar<double> a_dt(0.0);
  CUAD_GRAD(CUAD_LAUNCH(integrate_grad_0_1_2_3, 2, 32, d_b.ptr, d_k.ptr, dt, d_e.ptr, n, a_b.ptr,
                        a_k.ptr, a_dt.ptr, a_e.ptr));
  check.array("bodies", flat(a_b.get()), fd(bodies, loss));
  check.array("k", a_k.get(), fd(k, loss));
  check.scalar("dt", a_dt.value(), fd(dt, loss));
  check.array("e (only written)", a_e.get(), fd(e, loss));
#else
  std::vector<double> vb = rng.vec(3 * n), vk = rng.vec(n);
  double vdt = -0.7;
  auto outputs_at = [&](double t) {
    DeviceArray<Body> d_b(bodies_of(along(bodies, t, vb)));
    DeviceArray<double> d_k(along(k, t, vk)), d_e(e);
    CUAD_LAUNCH(integrate, 2, 32, d_b.ptr, d_k.ptr, along(dt, t, vdt), d_e.ptr, n);
    std::vector<double> out = flat(d_b.get()), es = d_e.get();
    out.insert(out.end(), es.begin(), es.end());
    return out;
  };
  DeviceArray<Body> d_b(bodies_of(bodies)), t_b(bodies_of(vb));
  DeviceArray<double> d_k(k), t_k(vk), d_e(e), t_e(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(integrate_pushforward, 2, 32, d_b.ptr, d_k.ptr, dt, d_e.ptr, n, t_b.ptr,
                        t_k.ptr, vdt, t_e.ptr));
  std::vector<double> tangent = flat(t_b.get()), te = t_e.get();
  tangent.insert(tangent.end(), te.begin(), te.end());
  check.array("bodies and e", tangent, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
