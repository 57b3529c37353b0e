#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw17m_host_seismic_pml");
  const int nx = 12, nz = 10, nt = 14, nrec = 5, npml = 3;
  const double dt = 0.2, h = 1.0;
  Rng rng(1702);
  std::vector<double> mu = rng.vec(nx * nz, 0.8, 1.4), rho = rng.vec(nx * nz, 0.9, 1.3);
  std::vector<double> wavelet(nt);
  for (int t = 0; t < nt; ++t) {
    const double a = 0.6 * (t - 4.0);
    wavelet[t] = (1.0 - 2.0 * a * a) * std::exp(-a * a) + rng.uniform(-0.05, 0.05);  // Ricker
  }
  std::vector<int> rec = {1 * nx + 2, 1 * nx + 4, 1 * nx + 6, 1 * nx + 8, 2 * nx + 9};
  const int src = 4 * nx + 5;
  std::vector<double> w = rng.vec(nrec * nt);
  auto loss = [&] {
    std::vector<double> seis(nrec * nt, 0.0);
    sh_forward(mu.data(), rho.data(), wavelet.data(), seis.data(), rec.data(), nrec, src, nx, nz, nt, dt, h, npml);
    return dot(w, seis);
  };
  std::vector<double> seis(nrec * nt, 0.0), amu(nx * nz, 0.0), arho(nx * nz, 0.0), aw(nt, 0.0), aseis = w;
  CUAD_GRAD(sh_forward_grad_0_1_2_3(mu.data(), rho.data(), wavelet.data(), seis.data(), rec.data(), nrec, src, nx, nz, nt, dt, h, npml,
                                    amu.data(), arho.data(), aw.data(), aseis.data()));
  check.array("mu", amu, fd(mu, loss));
  check.array("rho", arho, fd(rho, loss));
  check.array("wavelet", aw, fd(wavelet, loss));
  return check.finish();
}
