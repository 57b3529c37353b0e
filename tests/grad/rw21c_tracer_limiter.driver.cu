#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21c_tracer_limiter");
  const int nx = 12, ny = 8, n = nx * ny, nsteps = 4;
  const double dtdx = 0.4;
  Rng rng(21039);
  std::vector<double> q0(n), u(n), v(n);
  std::vector<int> mask(n, 0);
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const int c = j * nx + i;
      q0[c] = 1.0 + 0.5 * std::sin(0.6 * i) * std::cos(0.8 * j) + rng.uniform(-0.1, 0.1);
      // velocities away from zero (the upwind switch and |u|)
      const double su = (i + j) % 3 == 0 ? -1.0 : 1.0, sv = (i % 4 < 2) ? 1.0 : -1.0;
      u[c] = su * rng.uniform(0.2, 0.9);
      v[c] = sv * rng.uniform(0.2, 0.9);
    }
  mask[3 * nx + 4] = mask[3 * nx + 5] = mask[4 * nx + 5] = 1;  // an island
  mask[6 * nx + 9] = 1;
  const std::vector<double> w = rng.vec(n);
  for (int kind = 1; kind <= 3; ++kind) {
    auto loss = [&] {
      std::vector<double> out(n, 0.0);
      tracer_run(q0.data(), u.data(), v.data(), mask.data(), out.data(), dtdx, nx, ny, nsteps, kind);
      return dot(w, out);
    };
    std::vector<double> out(n, 0.0), aq(n, 0.0), au(n, 0.0), aout = w;
    CUAD_GRAD(tracer_run_grad_0_1_4(q0.data(), u.data(), v.data(), mask.data(), out.data(), dtdx, nx, ny,
                                    nsteps, kind, aq.data(), au.data(), aout.data()));
    const std::string tag = "limiter " + std::to_string(kind) + " ";
    check.array(tag + "q0", aq, fd(q0, loss));
    check.array(tag + "u", au, fd(u, loss));
    check.array(tag + "q_out", aout, zeros<double>(n));
  }
  return check.finish();
}
