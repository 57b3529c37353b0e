#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("sync_count_rounds");
  const int rounds = 3, n = rounds * NB;
  Rng rng(1306);
  std::vector<double> x = rng.vec(n), w = rng.vec(NB);
  std::vector<int> idx(n);
  for (int i = 0; i < n; ++i) idx[i] = (7 * i + 3) % 11;
  DeviceArray<int> di(idx);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(zeros<double>(NB));
    CUAD_LAUNCH(k, 1, NB, dx.ptr, di.ptr, dy.ptr, rounds);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), ax(zeros<double>(n)), dy(zeros<double>(NB)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_2, 1, NB, dx.ptr, di.ptr, dy.ptr, rounds, ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
  return check.finish();
}
