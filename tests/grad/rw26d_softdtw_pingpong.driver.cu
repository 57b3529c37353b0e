#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
__global__ void one(const double* x, int nx, const double* y, int ny, double gamma, double* out) {
  if (threadIdx.x == 0) out[0] = soft_dtw(x, nx, y, ny, gamma);
}
__global__ void one_grad(const double* x, int nx, const double* y, int ny, double gamma, double* gx, double* gy,
                         double* gg) {
  if (threadIdx.x == 0) CUAD_GRAD(soft_dtw_grad_0_2_4(x, nx, y, ny, gamma, gx, gy, gg));
}
#endif

int main() {
  Checker check("rw26d_softdtw_pingpong");
  Rng rng(26408);
#if CUAD_OUTPUT == 1
  const int nx = 7, ny = 9;
  std::vector<double> x = rng.vec<double>(nx * DIM, -1, 1), y = rng.vec<double>(ny * DIM, -1, 1);
  double gamma = 0.3;
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_y(y), d_o(zeros<double>(1));
    CUAD_LAUNCH(one, 1, 1, d_x.ptr, nx, d_y.ptr, ny, gamma, d_o.ptr);
    return d_o.get()[0];
  };
  DeviceArray<double> d_x(x), d_y(y), g_x(zeros<double>(x.size())), g_y(zeros<double>(y.size()));
  DeviceScalar<double> g_g;
  CUAD_GRAD(CUAD_LAUNCH(one_grad, 1, 1, d_x.ptr, nx, d_y.ptr, ny, gamma, g_x.ptr, g_y.ptr, g_g.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("y", g_y.get(), fd(y, loss));
  check.scalar("gamma", g_g.value(), fd(gamma, loss));
#else
  const int np = 5;
  std::vector<double> xs = rng.vec<double>(np * MAXLEN * DIM, -1, 1), ys = rng.vec<double>(np * MAXLEN * DIM, -1, 1);
  std::vector<int> lens(2 * np);
  for (int p = 0; p < np; ++p) {
    lens[2 * p] = 4 + (3 * p) % 9;
    lens[2 * p + 1] = 3 + (5 * p) % 10;
  }
  double gamma = 0.5;
  const std::vector<double> w = rng.vec<double>(np);
  auto loss = [&] {
    DeviceArray<double> d_x(xs), d_y(ys), d_o(zeros<double>(np));
    DeviceArray<int> d_l(lens);
    CUAD_LAUNCH(softdtw_batch, 1, 32, d_x.ptr, d_y.ptr, d_l.ptr, np, gamma, d_o.ptr);
    return dot(w, d_o.get());
  };
  DeviceArray<double> d_x(xs), d_y(ys), d_o(zeros<double>(np)), g_x(zeros<double>(xs.size())),
      g_y(zeros<double>(ys.size())), g_o(w);
  DeviceArray<int> d_l(lens);
  DeviceScalar<double> g_g;
  CUAD_GRAD(CUAD_LAUNCH(softdtw_batch_grad_0_1_4_5, 1, 32, d_x.ptr, d_y.ptr, d_l.ptr, np, gamma, d_o.ptr, g_x.ptr,
                        g_y.ptr, g_g.ptr, g_o.ptr));
  check.array("xs", g_x.get(), fd(xs, loss));
  check.array("ys", g_y.get(), fd(ys, loss));
  check.scalar("gamma", g_g.value(), fd(gamma, loss));
  check.array("loss", g_o.get(), zeros<double>(np));
#endif
  return check.finish();
}
