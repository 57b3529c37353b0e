#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cub_functor_obj");
  const int blocks = 2, threads = 64, n = blocks * threads;
  const float shift = 0.9f;  // keeps every factor of the products near 1
  Rng rng(8501);
  std::vector<float> x = rng.vec<float>(n), y = zeros<float>(blocks),
                     z = zeros<float>(blocks * 4);
  auto run = [&](const std::vector<float>& xv) {
    DeviceArray<float> d_x(xv), d_y(y), d_z(z);
    CUAD_LAUNCH(cub_functor_obj, blocks, threads, d_x.ptr, d_y.ptr, d_z.ptr, shift);
    std::vector<double> out = as_doubles(d_y.get());
    for (float v : d_z.get()) out.push_back(v);
    return out;
  };
  DeviceArray<float> d_x(x), d_y(y), d_z(z);
#if CUAD_OUTPUT == 1
  std::vector<float> wy = rng.vec<float>(blocks), wz = rng.vec<float>(blocks * 4);
  auto loss = [&] {
    const std::vector<double> out = run(x);
    double l = 0;
    for (int b = 0; b < blocks; ++b) l += wy[b] * out[b];
    for (int k = 0; k < blocks * 4; ++k) l += wz[k] * out[blocks + k];
    return l;
  };
  DeviceArray<float> a_x(zeros<float>(n)), a_y(wy), a_z(wz);
  CUAD_GRAD(CUAD_LAUNCH(cub_functor_obj_grad_0_1_2, blocks, threads, d_x.ptr, d_y.ptr, d_z.ptr,
                        shift, a_x.ptr, a_y.ptr, a_z.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("z", a_z.get(), fd(z, loss));
#else
  std::vector<float> vx = rng.vec<float>(n);
  auto outputs_at = [&](double t) { return run(along(x, t, vx)); };
  DeviceArray<float> t_x(vx), t_y(zeros<float>(blocks)), t_z(zeros<float>(blocks * 4));
  CUAD_GRAD(CUAD_LAUNCH(cub_functor_obj_pushforward_0_1_2, blocks, threads, d_x.ptr, d_y.ptr,
                        d_z.ptr, shift, t_x.ptr, t_y.ptr, t_z.ptr));
  std::vector<double> tangents = as_doubles(t_y.get());
  for (float v : t_z.get()) tangents.push_back(v);
  // Float outputs: float tolerances (as_doubles would pick the double ones).
  check.array("outputs", tangents, directional_fd<float>(outputs_at), Tol{2e-3, 1e-2});
#endif
  return check.finish();
}
