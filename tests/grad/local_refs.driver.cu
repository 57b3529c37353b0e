#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("local_refs");
  const int n = 70, m = 9;
  Rng rng(8);
  std::vector<P> ps(n);
  for (auto& p : ps) p = P{rng.uniform(-1, 1), rng.uniform(-1, 1)};
  std::vector<double> w = rng.vec(m, -1, 1), out = rng.vec(4 * n), seed = rng.vec(4 * n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_w(w);
    DeviceArray<P> d_ps(ps);
    CUAD_LAUNCH(refs, 2, 64, d_out.ptr, d_ps.ptr, d_w.ptr, n, m);
    return dot(seed, d_out.get());
  };
  DeviceArray<double> d_out(out), d_w(w), a_out(seed), a_w(zeros<double>(m));
  DeviceArray<P> d_ps(ps), a_ps(std::vector<P>(n, P{0, 0}));
  CUAD_GRAD(CUAD_LAUNCH(refs_grad_0_1_2, 2, 64, d_out.ptr, d_ps.ptr, d_w.ptr, n, m, a_out.ptr, a_ps.ptr,
                        a_w.ptr));
  std::vector<P> adj = a_ps.get();
  std::vector<double> ax(n), av(n), fx(n), fv(n);
  for (int k = 0; k < n; ++k) {
    ax[k] = adj[k].x;
    av[k] = adj[k].v;
    fx[k] = fd(ps[k].x, loss);
    fv[k] = fd(ps[k].v, loss);
  }
  check.array("ps.x", ax, fx);
  check.array("ps.v", av, fv);
  check.array("w", a_w.get(), fd(w, loss));
  check.array("out", a_out.get(), fd(out, loss));
  return check.finish();
}
