#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<State> states_of(const std::vector<double>& v) {
  std::vector<State> out(v.size() / 6);
  for (size_t i = 0; i < out.size(); ++i)
    for (int d = 0; d < 3; ++d) {
      out[i].pos[d] = v[6 * i + d];
      out[i].vel[d] = v[6 * i + 3 + d];
    }
  return out;
}
static std::vector<double> flat(const std::vector<State>& v) {
  std::vector<double> out;
  for (const State& s : v) {
    out.insert(out.end(), s.pos, s.pos + 3);
    out.insert(out.end(), s.vel, s.vel + 3);
  }
  return out;
}

int main() {
  Checker check("pointer_into_array");
  const int n = 40, steps = 3;
  Rng rng(59);
  std::vector<double> st = rng.vec(6 * n), forces = rng.vec(3 * n), w = rng.vec(6 * n);
  double dt = 0.2;
  auto loss = [&] {
    DeviceArray<State> d_s(states_of(st));
    DeviceArray<double> d_f(forces);
    CUAD_LAUNCH(step, 2, 32, d_s.ptr, d_f.ptr, dt, n, steps);
    return dot(w, flat(d_s.get()));
  };
  DeviceArray<State> d_s(states_of(st)), a_s(states_of(w));
  DeviceArray<double> d_f(forces), a_f(zeros<double>(3 * n));
  DeviceScalar<double> a_dt;
  CUAD_GRAD(CUAD_LAUNCH(step_grad_0_1_2, 2, 32, d_s.ptr, d_f.ptr, dt, n, steps, a_s.ptr, a_f.ptr,
                        a_dt.ptr));
  check.array("states", flat(a_s.get()), fd(st, loss));
  check.array("forces", a_f.get(), fd(forces, loss));
  check.scalar("dt", a_dt.value(), fd(dt, loss));
  return check.finish();
}
