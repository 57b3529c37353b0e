#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_min_struct_inplace");
  Rng rng(23295);
  const int n = 5, steps = 3;
  std::vector<double> x = rng.vec(n, -0.8, 0.8);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d(x);
    State s;
    s.x = d.ptr;
    s.n = n;
    run_steps(s, steps);
    return dot(w, d.get());
  };
  DeviceArray<double> d(x), g(w);
  State s, gs;
  s.x = d.ptr;
  s.n = n;
  gs.x = g.ptr;
  gs.n = n;
  CUAD_GRAD(run_steps_grad_0(s, steps, &gs));
  check.array("st.x", g.get(), fd(x, loss));
  return check.finish();
}
