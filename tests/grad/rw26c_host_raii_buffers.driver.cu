#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_host_raii_buffers");
  const int n_env = 20, steps = 12, n = n_env * steps * 4;
  Rng rng(29201);
  std::vector<double> ph = rng.vec(4 * n_env, -3.0, 3.0), amp = rng.vec(n_env, 0.2, 0.6), w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> fo(n);
    const double s = evaluate_gait(ph.data(), amp.data(), n_env, steps, fo.data());
    return s + dot(w, fo);
  };
  std::vector<double> fo(n), g_ph(ph.size(), 0.0), g_amp(n_env, 0.0), g_fo = w;
  CUAD_GRAD(evaluate_gait_grad_0_1_4(ph.data(), amp.data(), n_env, steps, fo.data(), g_ph.data(), g_amp.data(),
                                     g_fo.data()));
  check.array("phase_offsets", g_ph, fd(ph, loss));
  check.array("amplitudes", g_amp, fd(amp, loss));
  check.array("foot_out", g_fo, zeros<double>(n));
  return check.finish();
}
