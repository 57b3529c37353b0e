#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_overload_chain");
  const int n = 8, n_pairs = 14;
  Rng rng(3117);
  std::vector<double> pos = rng.vec(3 * n, -1.2, 1.2), k = rng.vec(n_pairs, 0.5, 2.0),
                      w = rng.vec(n_pairs);
  std::vector<int> pairs(2 * n_pairs);
  for (int p = 0; p < n_pairs; ++p) {
    pairs[2 * p] = p % n;
    pairs[2 * p + 1] = (p * 3 + 1) % n == p % n ? (p + 1) % n : (p * 3 + 1) % n;
  }
  pos[0] += 6.0;  // particle 0 is far from the others: its pairs take the early return
  DeviceArray<int> d_pairs(pairs);
  auto loss = [&] {
    DeviceArray<double> d_pos(pos), d_k(k), d_e(n_pairs, 0.0);
    CUAD_LAUNCH(pair_energy, 1, 32, d_pos.ptr, d_pairs.ptr, d_k.ptr, d_e.ptr, n_pairs);
    return dot(w, d_e.get());
  };
  DeviceArray<double> d_pos(pos), d_k(k), d_e(n_pairs, 0.0), a_pos(zeros<double>(3 * n)),
      a_k(zeros<double>(n_pairs)), a_e(w);
  CUAD_GRAD(CUAD_LAUNCH(pair_energy_grad_0_2_3, 1, 32, d_pos.ptr, d_pairs.ptr, d_k.ptr, d_e.ptr,
                        n_pairs, a_pos.ptr, a_k.ptr, a_e.ptr));
  check.array("pos", a_pos.get(), fd(pos, loss));
  check.array("k", a_k.get(), fd(k, loss));
  check.array("energy", a_e.get(), std::vector<double>(n_pairs, 0.0));
  return check.finish();
}
