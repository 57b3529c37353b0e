#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fuzz_ptr_local_stride");
  const int n = 100;  // more elements than the 64 threads launched
  Rng rng(65);
  std::vector<double> x = rng.vec(n), out = rng.vec(n);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_out(out);
    CUAD_LAUNCH(k, 2, 32, d_x.ptr, d_out.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_x(x), d_out(out), a_x(zeros<double>(n)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 2, 32, d_x.ptr, d_out.ptr, n, a_x.ptr, a_out.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("out", a_out.get(), fd(out, loss));
#else
  std::vector<double> v_x = rng.vec(n), v_out = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_x(along(x, t, v_x)), d_out(along(out, t, v_out));
    CUAD_LAUNCH(k, 2, 32, d_x.ptr, d_out.ptr, n);
    std::vector<double> all;
    for (auto v : d_out.get()) all.push_back(v);
    return all;
  };
  DeviceArray<double> d_x(x), d_out(out), t_x(v_x), t_out(v_out);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 2, 32, d_x.ptr, d_out.ptr, n, t_x.ptr, t_out.ptr));
  std::vector<double> tangents;
  for (auto v : t_out.get()) tangents.push_back(v);
  check.array("outputs", tangents, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
