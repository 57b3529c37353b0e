#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("dynamic_shared_helper");
  const int n = 16;
  Rng rng(1314);
  std::vector<double> x = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(n, 0.0);
    CUAD_LAUNCH_SHARED(k, 1, n, n * sizeof(double), dx.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dout(n, 0.0), ax(zeros<double>(n)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(k_grad, 1, n, 2 * n * sizeof(double), dx.ptr, dout.ptr, ax.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
  return check.finish();
}
