#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// The pricing kernel advances the states: every primal run (finite differences) and the
// gradient start from freshly initialised states, so that all of them see the same draws.
int main() {
  Checker check("rw8_curand_european");
  const int n_paths = 256, n_steps = 12, threads = 64;
  const double T = 1.0, strike = 1.05;
  std::vector<double> spot = {1.0}, vol = {0.25}, price0 = {0.0};
  double rate = 0.03;
  const double wp = 1.3;
  DeviceArray<curandState> states{std::vector<curandState>(n_paths)};
  auto reset_states = [&] {
    CUAD_LAUNCH(setup_paths, n_paths / threads, threads, states.ptr, 1234ull, n_paths);
  };
  auto loss = [&] {
    DeviceArray<double> d_s(spot), d_v(vol), d_p(price0);
    reset_states();
    CUAD_LAUNCH(european_mc, n_paths / threads, threads, states.ptr, d_s.ptr, d_v.ptr, rate, T,
                strike, n_steps, n_paths, d_p.ptr);
    return wp * d_p.get()[0];
  };
  DeviceArray<double> d_s(spot), d_v(vol), d_p(price0), a_s(zeros<double>(1)),
      a_v(zeros<double>(1)), a_r(zeros<double>(1)), a_p(std::vector<double>{wp});
  reset_states();
  CUAD_GRAD(CUAD_LAUNCH(european_mc_grad_1_2_3_8, n_paths / threads, threads, states.ptr, d_s.ptr,
                        d_v.ptr, rate, T, strike, n_steps, n_paths, d_p.ptr, a_s.ptr, a_v.ptr,
                        a_r.ptr, a_p.ptr));
  check.array("spot (delta)", a_s.get(), fd(spot, loss));
  check.array("vol (vega)", a_v.get(), fd(vol, loss));
  check.scalar("rate (rho)", a_r.get()[0], fd(rate, loss));
  check.array("price", a_p.get(), fd(price0, loss));
  // A Monte Carlo price that is not zero: some paths end in the money.
  check.expect(loss() > 0.01, "the price is positive");
  return check.finish();
}
