#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("struct_array_kernel");
  const int n = 90;
  Rng rng(5);
  std::vector<Particle> ps(n);
  for (int i = 0; i < n; ++i) ps[i] = Particle{rng.uniform(-1, 1), rng.uniform(-2, 2), i};
  std::vector<double> wx = rng.vec(n), wv = rng.vec(n);
  double dt = 0.3, drag = 0.4;
  auto loss = [&] {
    DeviceArray<Particle> d(ps);
    CUAD_LAUNCH(advance, 2, 64, d.ptr, dt, drag, n);
    std::vector<Particle> r = d.get();
    double l = 0;
    for (int i = 0; i < n; ++i) l += wx[i] * r[i].x + wv[i] * r[i].v;
    return l;
  };
  std::vector<Particle> seed(n);
  for (int i = 0; i < n; ++i) seed[i] = Particle{wx[i], wv[i], 0};
  DeviceArray<Particle> d_ps(ps), a_ps(seed);
  DeviceScalar<double> a_dt;
  CUAD_GRAD(CUAD_LAUNCH(advance_grad_0_1, 2, 64, d_ps.ptr, dt, drag, n, a_ps.ptr, a_dt.ptr));
  std::vector<Particle> adj = a_ps.get();
  std::vector<double> ax(n), av(n), fx(n), fv(n);
  for (int i = 0; i < n; ++i) {
    ax[i] = adj[i].x;
    av[i] = adj[i].v;
    fx[i] = fd(ps[i].x, loss);
    fv[i] = fd(ps[i].v, loss);
  }
  check.array("ps.x", ax, fx);
  check.array("ps.v", av, fv);
  check.scalar("dt", a_dt.value(), fd(dt, loss));
  return check.finish();
}
