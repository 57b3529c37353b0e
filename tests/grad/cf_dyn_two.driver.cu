#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_dyn_two");
  const int n = 22, threads = 16, blocks = 2;
  const size_t bytes = 2 * threads * sizeof(double);
  Rng rng(111);
  std::vector<double> x = rng.vec(n, -2.0, 2.0), q = rng.vec(n), e = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_e(e), d_x(x), d_q(q);
    CUAD_LAUNCH_SHARED(pair_energy, blocks, threads, bytes, d_e.ptr, d_x.ptr, d_q.ptr, n);
    return dot(w, d_e.get());
  };
  DeviceArray<double> d_e(e), d_x(x), d_q(q), a_e(w), a_x(zeros<double>(n)), a_q(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(pair_energy_grad_0_1_2, blocks, threads, 2 * bytes, d_e.ptr, d_x.ptr,
                               d_q.ptr, n, a_e.ptr, a_x.ptr, a_q.ptr));
  check.array("e", a_e.get(), fd(e, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("q", a_q.get(), fd(q, loss));
  return check.finish();
}
