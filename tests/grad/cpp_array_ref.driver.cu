#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 2
// Each thread copies its rows into local arrays and calls the function (or its gradient,
// whose adjoint array references are the thread's own arrays).
__global__ void dot_rows(double* out, const double* a, const double* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double ra[3] = {a[3 * i], a[3 * i + 1], a[3 * i + 2]};
    double rb[3] = {b[3 * i], b[3 * i + 1], b[3 * i + 2]};
    out[i] = dot<double, 3>(ra, rb);
  }
}
#ifndef CUAD_SELFTEST
__global__ void dot_rows_grad(const double* a, const double* b, const double* w, double* d_a,
                              double* d_b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double ra[3] = {a[3 * i], a[3 * i + 1], a[3 * i + 2]};
    double rb[3] = {b[3 * i], b[3 * i + 1], b[3 * i + 2]};
    double ga[3] = {0, 0, 0}, gb[3] = {0, 0, 0};
    dot_grad<double, 3>(ra, rb, ga, gb);
    for (int k = 0; k < 3; ++k) {
      d_a[3 * i + k] = w[i] * ga[k];
      d_b[3 * i + k] = w[i] * gb[k];
    }
  }
}
#endif
#endif

int main() {
  Checker check("cpp_array_ref");
#if CUAD_OUTPUT == 2
  const int n = 20;
  Rng rng(37);
  std::vector<double> a = rng.vec(3 * n), b = rng.vec(3 * n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> da(a), db(b), dout(zeros<double>(n));
    CUAD_LAUNCH(dot_rows, 1, 32, dout.ptr, da.ptr, db.ptr, n);
    return dot(w, dout.get());
  };
  DeviceArray<double> da(a), db(b), dw(w), ga(zeros<double>(3 * n)), gb(zeros<double>(3 * n));
  CUAD_GRAD(CUAD_LAUNCH(dot_rows_grad, 1, 32, da.ptr, db.ptr, dw.ptr, ga.ptr, gb.ptr, n));
  check.array("a", ga.get(), fd(a, loss));
  check.array("b", gb.get(), fd(b, loss));
#else
  const int n = 40;
  Rng rng(36);
  std::vector<double> x = rng.vec(n), y = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y);
    CUAD_LAUNCH(stencil3, 2, 32, dy.ptr, dx.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(y), d_y(w), d_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(stencil3_grad_0_1, 2, 32, dy.ptr, dx.ptr, n, d_y.ptr, d_x.ptr));
  check.array("y", d_y.get(), fd(y, loss));
  check.array("x", d_x.get(), fd(x, loss));
#endif
  return check.finish();
}
