#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// the same hash on the host, to count the dropped elements
static unsigned int hash_h(unsigned int x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

int main() {
  Checker check("rw23a_bias_dropout_add");
  Rng rng(23808);
#if CUAD_OUTPUT == 1
  using T = double;
#else
  using T = float;
#endif
  const int N = 6, C = 20;  // 30 chunks over a grid of 16 threads: some threads take two
  const float p = 0.3f;
  const unsigned int seed = 1234567u;
  int dropped = 0;
  for (int i = 0; i < N * C; ++i)
    dropped += (float)(hash_h(seed ^ hash_h((unsigned)i)) >> 8) * (1.0f / 16777216.0f) < p;
  std::printf("dropped %d of %d\n", dropped, N * C);
  check.expect(dropped > 10 && dropped < N * C - 10, "some elements dropped, most kept");
  std::vector<T> resid = rng.vec<T>(N * C), x = rng.vec<T>(N * C), bias = rng.vec<T>(C, -0.3, 0.3),
                 ls = rng.vec<T>(C, 0.5, 1.5);
  auto run = [&](const std::vector<T>& r, const std::vector<T>& xx, const std::vector<T>& b, const std::vector<T>& l) {
    DeviceArray<T> d_r(r), d_x(xx), d_b(b), d_l(l);
    DeviceArray<unsigned char> d_m(std::vector<unsigned char>(N * C, 7));
    CUAD_LAUNCH(bias_dropout_add_<T>, 2, 8, d_r.ptr, d_m.ptr, d_x.ptr, d_b.ptr, d_l.ptr, p, seed, N, C);
    return d_r.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<T> w = rng.vec<T>(N * C);
  auto loss = [&] { return dot(w, run(resid, x, bias, ls)); };
  DeviceArray<T> d_r(resid), d_x(x), d_b(bias), d_l(ls), g_r(w), g_x(zeros<T>(N * C)), g_b(zeros<T>(C)), g_l(zeros<T>(C));
  DeviceArray<unsigned char> d_m(std::vector<unsigned char>(N * C, 7));
  CUAD_GRAD(CUAD_LAUNCH(bias_dropout_add__grad_0_2_3_4<T>, 2, 8, d_r.ptr, d_m.ptr, d_x.ptr, d_b.ptr, d_l.ptr, p, seed, N,
                        C, g_r.ptr, g_x.ptr, g_b.ptr, g_l.ptr));
  check.array("resid", g_r.get(), fd(resid, loss));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("bias", g_b.get(), fd(bias, loss));
  check.array("ls", g_l.get(), fd(ls, loss));
#else
  const std::vector<T> vr = rng.vec<T>(N * C), vx = rng.vec<T>(N * C), vb = rng.vec<T>(C), vl = rng.vec<T>(C);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(resid, t, vr), along(x, t, vx), along(bias, t, vb), along(ls, t, vl)));
  };
  DeviceArray<T> d_r(resid), d_x(x), d_b(bias), d_l(ls), t_r(vr), t_x(vx), t_b(vb), t_l(vl);
  DeviceArray<unsigned char> d_m(std::vector<unsigned char>(N * C, 7));
  CUAD_GRAD(CUAD_LAUNCH(bias_dropout_add__pushforward_0_2_3_4<T>, 2, 8, d_r.ptr, d_m.ptr, d_x.ptr, d_b.ptr, d_l.ptr, p,
                        seed, N, C, t_r.ptr, t_x.ptr, t_b.ptr, t_l.ptr));
  check.array("resid tangent", as_doubles(t_r.get()), directional_fd<T>(outputs_at), default_tol<T>());
  check.array("resid value", d_r.get(), as_doubles(run(resid, x, bias, ls)));
#endif
  return check.finish();
}
