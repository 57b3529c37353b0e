#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("atomic_named_helpers");
  Rng rng(4242);
  const int n = 12, cells = 6;
  std::vector<double> q = rng.vec(n), r = rng.vec(n);
  std::vector<int> cell(n);
  for (int i = 0; i < n; ++i) cell[i] = (i * 5) % (cells - 1);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(cells);
  auto loss = [&] {
    DeviceArray<double> d_q(q), d_r(r), d_g(zeros<double>(cells));
    DeviceArray<int> d_c(cell);
    CUAD_LAUNCH(deposit, 1, 16, d_q.ptr, d_r.ptr, d_c.ptr, d_g.ptr, n);
    return dot(w, d_g.get());
  };
  DeviceArray<double> d_q(q), d_r(r), d_g(zeros<double>(cells));
  DeviceArray<int> d_c(cell);
  DeviceArray<double> g_q(zeros<double>(n)), g_r(zeros<double>(n)), g_g(w);
  CUAD_GRAD(CUAD_LAUNCH(deposit_grad_0_1_3, 1, 16, d_q.ptr, d_r.ptr, d_c.ptr, d_g.ptr, n, g_q.ptr, g_r.ptr, g_g.ptr));
  check.array("q", g_q.get(), fd(q, loss));
  check.array("r", g_r.get(), fd(r, loss));
#else
  const std::vector<double> vq = rng.vec(n), vr = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_q(along(q, t, vq)), d_r(along(r, t, vr)), d_g(zeros<double>(cells));
    DeviceArray<int> d_c(cell);
    CUAD_LAUNCH(deposit, 1, 16, d_q.ptr, d_r.ptr, d_c.ptr, d_g.ptr, n);
    return d_g.get();
  };
  DeviceArray<double> d_q(q), d_r(r), d_g(zeros<double>(cells));
  DeviceArray<int> d_c(cell);
  DeviceArray<double> t_q(vq), t_r(vr), t_g(zeros<double>(cells));
  CUAD_GRAD(CUAD_LAUNCH(deposit_pushforward, 1, 16, d_q.ptr, d_r.ptr, d_c.ptr, d_g.ptr, n, t_q.ptr, t_r.ptr, t_g.ptr));
  check.array("grid", t_g.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
