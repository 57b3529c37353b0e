#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("class_scope_names");
  Rng rng(907);
  const int n = 7;
  std::vector<double> x(n);
  for (double& v : x) v = rng.uniform(-0.8, 0.8);
  md::Pot p{0.6};
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_y(zeros<double>(n));
    CUAD_LAUNCH(energies, 1, 8, d_x.ptr, p, d_y.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_x(x), d_y(zeros<double>(n)), g_x(zeros<double>(n)), g_y(w);
  md::Pot* g_p = nullptr;
  cudaMalloc(&g_p, sizeof(md::Pot));
  cudaMemset(g_p, 0, sizeof(md::Pot));
  CUAD_GRAD(CUAD_LAUNCH(energies_grad_0_1_2, 1, 8, d_x.ptr, p, d_y.ptr, n, g_x.ptr, g_p, g_y.ptr));
  md::Pot got{};
  cudaMemcpy(&got, g_p, sizeof(md::Pot), cudaMemcpyDeviceToHost);
  cudaFree(g_p);
  check.array("x", g_x.get(), fd(x, loss));
  check.scalar("p.w", got.w, fd(p.w, loss));
#else
  const std::vector<double> vx = rng.vec(n);
  const double vw = 0.3;
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_x(along(x, t, vx)), d_y(zeros<double>(n));
    md::Pot q{along(p.w, t, vw)};
    CUAD_LAUNCH(energies, 1, 8, d_x.ptr, q, d_y.ptr, n);
    return d_y.get();
  };
  DeviceArray<double> d_x(x), d_y(zeros<double>(n)), t_x(vx), t_y(zeros<double>(n));
  md::Pot t_p{vw};
  CUAD_GRAD(CUAD_LAUNCH(energies_pushforward, 1, 8, d_x.ptr, p, d_y.ptr, n, t_x.ptr, t_p, t_y.ptr));
  check.array("y", t_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
