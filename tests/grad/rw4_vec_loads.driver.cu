#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw4_vec_loads");
  Rng rng(403);
#if CUAD_OUTPUT == 1
  const int n4 = 40, n = 4 * n4;
  std::vector<float> x = rng.vec<float>(n), s = rng.vec<float>(n), y = rng.vec<float>(n),
                     w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_x(x), d_s(s);
    CUAD_LAUNCH(vec4_kernel, 2, 32, d_y.ptr, d_x.ptr, d_s.ptr, n4);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_y(y), d_x(x), d_s(s), a_y(w), a_x(zeros<float>(n)), a_s(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(vec4_kernel_grad_0_1_2, 2, 32, d_y.ptr, d_x.ptr, d_s.ptr, n4, a_y.ptr,
                        a_x.ptr, a_s.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("s", a_s.get(), fd(s, loss));
#else
  const int n = 50;
  std::vector<double> z = rng.vec(2 * n), out = rng.vec(2 * n), w = rng.vec(2 * n);
  auto to2 = [](const std::vector<double>& v) {
    std::vector<double2> o(v.size() / 2);
    for (size_t i = 0; i < o.size(); ++i) o[i] = make_double2(v[2 * i], v[2 * i + 1]);
    return o;
  };
  auto from2 = [](const std::vector<double2>& v) {
    std::vector<double> o(2 * v.size());
    for (size_t i = 0; i < v.size(); ++i) {
      o[2 * i] = v[i].x;
      o[2 * i + 1] = v[i].y;
    }
    return o;
  };
  auto loss = [&] {
    DeviceArray<double> d_o(out);
    DeviceArray<double2> d_z(to2(z));
    CUAD_LAUNCH(pair_kernel, 2, 32, d_o.ptr, d_z.ptr, n);
    return dot(w, d_o.get());
  };
  DeviceArray<double> d_o(out), a_o(w);
  DeviceArray<double2> d_z(to2(z)), a_z(to2(zeros<double>(2 * n)));
  CUAD_GRAD(CUAD_LAUNCH(pair_kernel_grad_0_1, 2, 32, d_o.ptr, d_z.ptr, n, a_o.ptr, a_z.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("z", from2(a_z.get()), fd(z, loss));
#endif
  return check.finish();
}
