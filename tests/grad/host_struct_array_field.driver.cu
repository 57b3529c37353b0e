#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_struct_array_field");
  Rng rng(220402);
  const int n = 45;
  std::vector<double> h = rng.vec(n, -0.6, 0.6), kv = rng.vec(3, 0.2, 0.9);
  double a = 0.7;
  const std::vector<double> w = rng.vec(n);
  auto make = [&] {
    Coeffs p;
    for (int j = 0; j < 3; ++j) p.k[j] = kv[j];
    p.a = a;
    p.period = 3;
    return p;
  };
  auto loss = [&] {
    std::vector<double> y = h;
    run(n, make(), y.data());
    return dot(w, y);
  };
  std::vector<double> y = h, ah = w;
  Coeffs p = make(), ap{};
  ap.period = 0;
  run_grad_1_2(n, p, y.data(), &ap, ah.data());
  check.array("h", ah, fd(h, loss));
  check.array("p.k", std::vector<double>(ap.k, ap.k + 3), fd(kv, loss));
  check.scalar("p.a", ap.a, fd(a, loss));
  return check.finish();
}
