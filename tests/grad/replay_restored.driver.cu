#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Runs one kernel's primal and gradient on the current inputs; checks every --wrt array.
template <typename T, typename Primal, typename Grad>
void check_one(Checker& check, const char* name, std::vector<T>& x, std::vector<T>* x2,
               int n, Primal primal, Grad grad) {
  Rng rng(91);
  std::vector<T> w = rng.vec<T>(n);
  auto loss = [&] {
    DeviceArray<T> dx(x), dout(std::vector<T>(n, T(0)));
    DeviceArray<T> dx2(x2 ? *x2 : std::vector<T>(1, T(0)));
    primal(dx.ptr, dx2.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<T> dx(x), dout(std::vector<T>(n, T(0))), d_x(std::vector<T>(n, T(0))), d_out(w);
  DeviceArray<T> dx2(x2 ? *x2 : std::vector<T>(1, T(0)));
  DeviceArray<T> d_x2(std::vector<T>(x2 ? x2->size() : 1, T(0)));
  grad(dx.ptr, dx2.ptr, dout.ptr, d_x.ptr, d_x2.ptr, d_out.ptr);
  check.array(name, d_x.get(), fd(x, loss));
  if (x2) check.array((std::string(name) + "2").c_str(), d_x2.get(), fd(*x2, loss));
  check.array((std::string(name) + "_out").c_str(), d_out.get(), std::vector<double>(n, 0.0));
}

int main() {
  Checker check("replay_restored");
  const int n = 70;
  Rng rng(5);
#if CUAD_OUTPUT == 1
  std::vector<float> s0 = rng.vec<float>(n, 0.8f, 1.4f), sigma = rng.vec<float>(n, 0.2f, 0.6f);
  const float strike = 0.37f;  // below every price: no kink near the FD points
  const int steps = 40;
  check_one<float>(
      check, "s0", s0, &sigma, n,
      [&](float* a, float* b, float* o) { CUAD_LAUNCH(mc_paths, 3, 32, a, b, strike, steps, o, n); },
      [&](float* a, float* b, float* o, float* da, float* db, float* dout) {
        CUAD_GRAD(CUAD_LAUNCH(mc_paths_grad_0_1_4, 3, 32, a, b, strike, steps, o, n, da, db, dout));
      });
#elif CUAD_OUTPUT == 2
  std::vector<double> x = rng.vec<double>(n, -1.5, 1.5);
  check_one<double>(
      check, "x", x, nullptr, n,
      [&](double* a, double*, double* o) { CUAD_LAUNCH(damped_series, 3, 32, a, o, n, 12); },
      [&](double* a, double*, double* o, double* da, double*, double* dout) {
        CUAD_GRAD(CUAD_LAUNCH(damped_series_grad_0_1, 3, 32, a, o, n, 12, da, dout));
      });
#else
  std::vector<float> x = rng.vec<float>(n, -1.0f, 1.0f);
  check_one<float>(
      check, "x", x, nullptr, n,
      [&](float* a, float*, float* o) { CUAD_LAUNCH(clipped_walk, 3, 32, a, o, n, 9); },
      [&](float* a, float*, float* o, float* da, float*, float* dout) {
        CUAD_GRAD(CUAD_LAUNCH(clipped_walk_grad_0_1, 3, 32, a, o, n, 9, da, dout));
      });
#endif
  return check.finish();
}
