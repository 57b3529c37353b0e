#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_attention_head");
  Rng rng(23404);
#if CUAD_OUTPUT == 1
  using T = double;
#else
  using T = float;
#endif
  const int B = 2, Tn = 7, NH = 2, HS = 4, C = NH * HS;
  std::vector<T> qkv = rng.vec<T>(B * Tn * 3 * C, -1.5, 1.5);
  // padding: batch 0 has its last two keys masked, batch 1 one key in the middle (key 0 valid)
  std::vector<int> valid(B * Tn, 1);
  valid[0 * Tn + 5] = valid[0 * Tn + 6] = 0;
  valid[1 * Tn + 3] = 0;
  auto run = [&](const std::vector<T>& x, std::vector<T>& o, std::vector<T>& a) {
    DeviceArray<T> d_x(x), d_o(zeros<T>(B * Tn * C)), d_a(zeros<T>(B * NH * Tn * Tn));
    DeviceArray<int> d_v(valid);
    CUAD_LAUNCH((attention_head_fwd<T, 4, 8>), 1, 32, d_o.ptr, d_a.ptr, d_x.ptr, d_v.ptr, B, Tn, NH);
    o = d_o.get();
    a = d_a.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<T> wo = rng.vec<T>(B * Tn * C), wa = rng.vec<T>(B * NH * Tn * Tn);
  auto loss = [&] {
    std::vector<T> o, a;
    run(qkv, o, a);
    return dot(wo, o) + dot(wa, a);
  };
  DeviceArray<T> d_x(qkv), d_o(zeros<T>(B * Tn * C)), d_a(zeros<T>(B * NH * Tn * Tn)), g_x(zeros<T>(qkv.size())),
      g_o(wo), g_a(wa);
  DeviceArray<int> d_v(valid);
  CUAD_GRAD(CUAD_LAUNCH((attention_head_fwd_grad_0_1_2<T, 4, 8>), 1, 32, d_o.ptr, d_a.ptr, d_x.ptr, d_v.ptr, B, Tn,
                        NH, g_o.ptr, g_a.ptr, g_x.ptr));
  check.array("qkv", g_x.get(), fd(qkv, loss));
  check.array("out", g_o.get(), zeros<double>(B * Tn * C));
  check.array("att", g_a.get(), zeros<double>(B * NH * Tn * Tn));
#else
  const std::vector<T> vx = rng.vec<T>(qkv.size());
  auto outputs_at = [&](double t) {
    std::vector<T> o, a;
    run(along(qkv, t, vx), o, a);
    std::vector<double> all = as_doubles(o);
    all.insert(all.end(), a.begin(), a.end());
    return all;
  };
  DeviceArray<T> d_x(qkv), d_o(zeros<T>(B * Tn * C)), d_a(zeros<T>(B * NH * Tn * Tn)), t_x(vx),
      t_o(zeros<T>(B * Tn * C)), t_a(zeros<T>(B * NH * Tn * Tn));
  DeviceArray<int> d_v(valid);
  CUAD_GRAD(CUAD_LAUNCH((attention_head_fwd_pushforward<T, 4, 8>), 1, 32, d_o.ptr, d_a.ptr, d_x.ptr, d_v.ptr, B, Tn,
                        NH, t_o.ptr, t_a.ptr, t_x.ptr));
  std::vector<double> tan = as_doubles(t_o.get());
  for (T v : t_a.get()) tan.push_back(v);
  check.array("tangents", tan, directional_fd<T>(outputs_at), default_tol<T>());
#endif
  return check.finish();
}
