#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("loop_replay");
  const int n = 80, m = 7;
  Rng rng(33);
  std::vector<Coef> ps(m);
  for (int k = 0; k < m; ++k) ps[k] = Coef{rng.uniform(-1, 1), rng.uniform(0.5, 2)};
  std::vector<double> xs = rng.vec(n, -1, 1), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_xs(xs);
    DeviceArray<Coef> d_ps(ps);
    CUAD_LAUNCH(lookup, 2, 64, d_out.ptr, d_ps.ptr, d_xs.ptr, n, m);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_xs(xs), a_out(w), a_xs(zeros<double>(n));
  DeviceArray<Coef> d_ps(ps), a_ps(std::vector<Coef>(m, Coef{0, 0}));
  CUAD_GRAD(CUAD_LAUNCH(lookup_grad_0_1_2, 2, 64, d_out.ptr, d_ps.ptr, d_xs.ptr, n, m, a_out.ptr,
                        a_ps.ptr, a_xs.ptr));
  std::vector<Coef> adj = a_ps.get();
  std::vector<double> aa(m), ab(m), fa(m), fb(m);
  for (int k = 0; k < m; ++k) {
    aa[k] = adj[k].a;
    ab[k] = adj[k].b;
    fa[k] = fd(ps[k].a, loss);
    fb[k] = fd(ps[k].b, loss);
  }
  check.array("ps.a", aa, fa);
  check.array("ps.b", ab, fb);
  check.array("out", a_out.get(), fd(out, loss));
  check.array("xs", a_xs.get(), fd(xs, loss));
  return check.finish();
}
