#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_min_recursive_out");
  const int n_env = 6;
  Rng rng(28001);
  std::vector<int> next = {1, 2, 3, -1};
  std::vector<double> q = rng.vec(4 * n_env), w = rng.vec(4 * n_env);
  DeviceArray<int> d_n(next);
  auto loss = [&] {
    DeviceArray<double> d_q(q), d_o(zeros<double>(4 * n_env));
    CUAD_LAUNCH(k, 1, 32, n_env, d_n.ptr, d_q.ptr, d_o.ptr);
    return dot(w, d_o.get());
  };
  DeviceArray<double> d_q(q), d_o(zeros<double>(4 * n_env)), g_q(zeros<double>(4 * n_env)), g_o(w);
  CUAD_GRAD(cudaDeviceSetLimit(cudaLimitStackSize, 32 * 1024));
  CUAD_GRAD(CUAD_LAUNCH(k_grad_2_3, 1, 32, n_env, d_n.ptr, d_q.ptr, d_o.ptr, g_q.ptr, g_o.ptr));
  check.array("q", g_q.get(), fd(q, loss));
  check.array("out", g_o.get(), zeros<double>(4 * n_env));
  return check.finish();
}
