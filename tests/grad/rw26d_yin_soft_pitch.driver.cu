#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_yin_soft_pitch");
  Rng rng(26419);
  const int nf = 3, hop = 17, len = (nf - 1) * hop + WIN + MAX_LAG;
  const double fs = 8000.0;
  std::vector<double> x(len);
  for (int i = 0; i < len; ++i) x[i] = std::sin(2 * M_PI * i / 9.3) + 0.4 * std::sin(2 * M_PI * i / 4.65 + 0.3) + 0.1 * rng.uniform(-1, 1);
  double temp = 0.15;
  const std::vector<double> wc = rng.vec<double>(nf * MAX_LAG), wp = rng.vec<double>(nf, 1e-3, 2e-3);
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_c(zeros<double>(nf * MAX_LAG)), d_p(zeros<double>(nf));
    CUAD_LAUNCH(yin_soft_pitch, nf, 16, d_x.ptr, hop, temp, fs, d_c.ptr, d_p.ptr);
    return dot(wc, d_c.get()) + dot(wp, d_p.get());
  };
  DeviceArray<double> d_x(x), d_c(zeros<double>(nf * MAX_LAG)), d_p(zeros<double>(nf)), g_x(zeros<double>(len)),
      g_c(wc), g_p(wp);
  DeviceScalar<double> g_t;
  CUAD_GRAD(CUAD_LAUNCH(yin_soft_pitch_grad_0_2_4_5, nf, 16, d_x.ptr, hop, temp, fs, d_c.ptr, d_p.ptr, g_x.ptr,
                        g_t.ptr, g_c.ptr, g_p.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.scalar("temp", g_t.value(), fd(temp, loss));
  check.array("cmnd", g_c.get(), zeros<double>(nf * MAX_LAG));
  check.array("pitch", g_p.get(), zeros<double>(nf));
  return check.finish();
}
