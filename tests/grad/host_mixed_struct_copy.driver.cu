#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// The sites' doubles (a, b per site) live in a flat vector, so fd can perturb them.
static std::vector<Site> pack(const std::vector<double>& ab) {
  std::vector<Site> s(4);
  for (int k = 0; k < 4; ++k) s[k] = Site{k, 0, ab[2 * k], ab[2 * k + 1]};
  return s;
}

static std::vector<double> unpack(const std::vector<Site>& s) {
  std::vector<double> ab(8);
  for (int k = 0; k < 4; ++k) {
    ab[2 * k] = s[k].a;
    ab[2 * k + 1] = s[k].b;
  }
  return ab;
}

int main() {
  Checker check("host_mixed_struct_copy");
  const int n = 20;
  Rng rng(16099);
  std::vector<double> x = rng.vec(n), w = rng.vec(n), ab = rng.vec(8);
  std::vector<Obs> obs(n);
  for (int i = 0; i < n; ++i) obs[i] = Obs{(i * 7) % n, rng.uniform(0.5, 1.5)};
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> yy(n);
    std::vector<Site> s = pack(ab);
    host_apply(x.data(), obs.data(), s.data(), yy.data(), n);
    return dot(w, yy);
  };
  std::vector<double> ax(n, 0.0), ay = w, y(n);
  std::vector<Site> sites = pack(ab), as(4, Site{0, 0, 0.0, 0.0});
  CUAD_GRAD(host_apply_grad_0_2_3(x.data(), obs.data(), sites.data(), y.data(), n, ax.data(),
                                  as.data(), ay.data()));
  check.array("x", ax, fd(x, loss));
  check.array("sites", unpack(as), fd(ab, loss));
  check.array("y", ay, std::vector<double>(n, 0.0));
#else
  std::vector<double> vx = rng.vec(n), vab = rng.vec(8);
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx), y(n);
    std::vector<Site> s = pack(along(ab, t, vab));
    host_apply(xs.data(), obs.data(), s.data(), y.data(), n);
    return y;
  };
  std::vector<Site> sites = pack(ab), vs = pack(vab);
  std::vector<double> y(n), d_y(n, 123.0);
  CUAD_GRAD(host_apply_pushforward_0_2_3(x.data(), obs.data(), sites.data(), y.data(), n, vx.data(),
                                   vs.data(), d_y.data()));
  check.array("y", d_y, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
