#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_acoustic_ce_abc");
  Rng rng(25909);
  const int nx = 16, nz = 12, nrec = 5, nw = 14, nt_max = 28;
  const double h = 1.0;
  std::vector<double> vel = rng.vec(nx * nz, 1.5, 2.4);
  vel[7 * nx + 10] = 2.8;  // the unique fastest cell sets the time step
  const double dt = 0.45 * h / 2.8, t_max = 24.5 * dt;  // 24 steps, halfway from 25
  std::vector<double> wav(nw);
  for (int i = 0; i < nw; ++i) {
    const double a = 3.14159 * 0.35 * (i - 6.0);
    wav[i] = (1.0 - 2.0 * a * a) * std::exp(-a * a) + rng.uniform(-0.01, 0.01);
  }
  std::vector<int> rec(nrec);
  for (int r = 0; r < nrec; ++r) rec[r] = 3 * nx + 3 + 2 * r;
  const int src = 7 * nx + 6;
  const std::vector<double> seis0 = rng.vec(nt_max * nrec);
  const std::vector<double> w = rng.vec(nt_max * nrec);
  std::vector<double> seis_in = seis0;
  auto loss = [&] {
    std::vector<double> s = seis_in;
    acoustic_model(vel.data(), wav.data(), nw, rec.data(), nrec, nx, nz, h, t_max, src, s.data(), nt_max);
    return dot(w, s);
  };
  std::vector<double> s = seis0, gv(nx * nz, 0.0), gw(nw, 0.0), gs = w;
  CUAD_GRAD(acoustic_model_grad_0_1_10(vel.data(), wav.data(), nw, rec.data(), nrec, nx, nz, h, t_max, src,
                                       s.data(), nt_max, gv.data(), gw.data(), gs.data()));
  check.array("vel", gv, fd(vel, loss));
  check.array("wavelet", gw, fd(wav, loss));
  check.array("seis", gs, fd(seis_in, loss));
  return check.finish();
}
