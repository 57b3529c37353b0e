#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cub_minmax");
  const int blocks = 2, threads = 64, n = blocks * 128;
  // Distinct inputs 1.5/128 apart (a permutation of a grid): no two are closer than the
  // finite-difference steps, so no maximum or minimum changes its winner under a step.
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = ((i * 97) % n + 0.3f) / 128.f * 1.5f - 1.2f;
  std::vector<float> y = zeros<float>(blocks * 64), z = zeros<float>(blocks * 2),
                     w = zeros<float>(blocks * 4);
  Rng rng(8301);
  auto run = [&](const std::vector<float>& xv) {
    DeviceArray<float> d_x(xv), d_y(y), d_z(z), d_w(w);
    CUAD_LAUNCH(cub_minmax, blocks, threads, d_x.ptr, d_y.ptr, d_z.ptr, d_w.ptr);
    std::vector<double> out = as_doubles(d_y.get());
    for (float v : d_z.get()) out.push_back(v);
    for (float v : d_w.get()) out.push_back(v);
    return out;
  };
  DeviceArray<float> d_x(x), d_y(y), d_z(z), d_w(w);
#if CUAD_OUTPUT == 1
  std::vector<float> wy = rng.vec<float>(y.size()), wz = rng.vec<float>(z.size()),
                     ww = rng.vec<float>(w.size());
  std::vector<float> weights = wy;
  weights.insert(weights.end(), wz.begin(), wz.end());
  weights.insert(weights.end(), ww.begin(), ww.end());
  auto loss = [&] {
    const std::vector<double> out = run(x);
    double l = 0;
    for (size_t i = 0; i < out.size(); ++i) l += weights[i] * out[i];
    return l;
  };
  DeviceArray<float> a_x(zeros<float>(n)), a_y(wy), a_z(wz), a_w(ww);
  CUAD_GRAD(CUAD_LAUNCH(cub_minmax_grad, blocks, threads, d_x.ptr, d_y.ptr, d_z.ptr, d_w.ptr,
                        a_x.ptr, a_y.ptr, a_z.ptr, a_w.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("z", a_z.get(), fd(z, loss));
  check.array("w", a_w.get(), fd(w, loss));
#else
  std::vector<float> vx = rng.vec<float>(n);
  auto outputs_at = [&](double t) { return run(along(x, t, vx)); };
  DeviceArray<float> t_x(vx), t_y(zeros<float>(y.size())), t_z(zeros<float>(z.size())),
      t_w(zeros<float>(w.size()));
  CUAD_GRAD(CUAD_LAUNCH(cub_minmax_pushforward, blocks, threads, d_x.ptr, d_y.ptr, d_z.ptr,
                        d_w.ptr, t_x.ptr, t_y.ptr, t_z.ptr, t_w.ptr));
  std::vector<double> tangents = as_doubles(t_y.get());
  for (float v : t_z.get()) tangents.push_back(v);
  for (float v : t_w.get()) tangents.push_back(v);
  // Float outputs: float tolerances (as_doubles would pick the double ones).
  check.array("outputs", tangents, directional_fd<float>(outputs_at), Tol{2e-3, 1e-2});
#endif
  return check.finish();
}
