#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<Biquad> pack(const std::vector<float>& f) {
  std::vector<Biquad> v(f.size() / 5);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = Biquad{f[5 * i], f[5 * i + 1], f[5 * i + 2], f[5 * i + 3], f[5 * i + 4]};
  return v;
}
static std::vector<float> unpack(const std::vector<Biquad>& v) {
  std::vector<float> f;
  for (const Biquad& q : v) f.insert(f.end(), {q.b0, q.b1, q.b2, q.a1, q.a2});
  return f;
}

int main() {
  Checker check("rw3_iir_global_recur");
  const int T = 10, C = 5;
  Rng rng(3114);
  std::vector<float> x = rng.vec<float>(T * C), coef(5 * C), w = rng.vec<float>(T * C);
  for (int c = 0; c < C; ++c) {
    coef[5 * c] = (float)rng.uniform(0.3, 0.7);
    coef[5 * c + 1] = (float)rng.uniform(-0.5, 0.5);
    coef[5 * c + 2] = (float)rng.uniform(-0.3, 0.3);
    coef[5 * c + 3] = (float)rng.uniform(-0.6, 0.6);  // stable: |a1| < 1 + a2, |a2| < 1
    coef[5 * c + 4] = (float)rng.uniform(0.0, 0.3);
  }
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_y(T * C, 0.f);
    DeviceArray<Biquad> d_c(pack(coef));
    CUAD_LAUNCH(iir_biquad, 1, 8, d_x.ptr, d_c.ptr, d_y.ptr, T, C);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_x(x), d_y(T * C, 0.f), a_x(zeros<float>(T * C)), a_y(w);
  DeviceArray<Biquad> d_c(pack(coef)), a_c(pack(zeros<float>(5 * C)));
  CUAD_GRAD(CUAD_LAUNCH(iir_biquad_grad_0_1_2, 1, 8, d_x.ptr, d_c.ptr, d_y.ptr, T, C, a_x.ptr, a_c.ptr,
                        a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("coef", unpack(a_c.get()), fd(coef, loss));
  check.array("y", a_y.get(), std::vector<double>(T * C, 0.0));
#else
  std::vector<float> vx = rng.vec<float>(T * C), vc = rng.vec<float>(5 * C, -0.3, 0.3);
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_x(along(x, t, vx)), d_y(T * C, 0.f);
    DeviceArray<Biquad> d_c(pack(along(coef, t, vc)));
    CUAD_LAUNCH(iir_biquad, 1, 8, d_x.ptr, d_c.ptr, d_y.ptr, T, C);
    return as_doubles(d_y.get());
  };
  DeviceArray<float> d_x(x), d_y(T * C, 0.f), t_x(vx), t_y(T * C, 0.f);
  DeviceArray<Biquad> d_c(pack(coef)), t_c(pack(vc));
  CUAD_GRAD(CUAD_LAUNCH(iir_biquad_pushforward, 1, 8, d_x.ptr, d_c.ptr, d_y.ptr, T, C, t_x.ptr,
                        t_c.ptr, t_y.ptr));
  check.array("y", t_y.get(), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
