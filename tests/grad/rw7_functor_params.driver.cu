#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
using Op = Lerp;
#else
using Op = SoftClip;
#endif

std::vector<float> fields_of(const Lerp& o) { return {o.t, o.bias}; }
std::vector<float> fields_of(const SoftClip& o) { return {o.limit, o.sharp}; }

int main() {
  Checker check("rw7_functor_params");
  const int n = 150;  // 3 x 32 threads stride over 150 entries
  Rng rng(7007);
  std::vector<float> a = rng.vec<float>(n, -1.5, 1.5), b = rng.vec<float>(n, -1.5, 1.5),
                     out = rng.vec<float>(n), w = rng.vec<float>(n);
  // fields: Lerp {t, bias}, SoftClip {limit, sharp}; products stay away from 0 and the 4*limit clip
  std::vector<float> fields = CUAD_OUTPUT == 1 ? std::vector<float>{0.3f, 0.2f}
                                               : std::vector<float>{0.8f, 1.3f};
  for (int i = 0; i < n; ++i) {
    if (std::fabs(a[i] * b[i]) < 0.01f) a[i] += 0.2f;
    if (std::fabs(std::fabs(a[i] * b[i]) - 4 * fields[0]) < 0.05f) a[i] *= 0.5f;
  }
  auto run = [&](const std::vector<float>& av, const std::vector<float>& bv,
                 const std::vector<float>& f) {
    DeviceArray<float> d_a(av), d_b(bv), d_o(out);
    CUAD_LAUNCH(binary_map<Op>, 3, 32, d_a.ptr, d_b.ptr, (Op{f[0], f[1]}), d_o.ptr, (size_t)n);
    return d_o.get();
  };
  DeviceArray<float> d_a(a), d_b(b), d_o(out);
  const Op op{fields[0], fields[1]};
#if CUAD_OUTPUT != 3
  auto loss = [&] { return dot(w, run(a, b, fields)); };
  DeviceArray<float> a_a(zeros<float>(n)), a_b(zeros<float>(n)), a_o(w);
  DeviceScalar<Op> a_op(Op{0.f, 0.f});
  CUAD_GRAD(CUAD_LAUNCH(binary_map_grad_0_1_2_3<Op>, 3, 32, d_a.ptr, d_b.ptr, op, d_o.ptr,
                        (size_t)n,
                                a_a.ptr, a_b.ptr, a_op.ptr, a_o.ptr));
  const Op g = a_op.get()[0];
  check.array("a", a_a.get(), fd(a, loss));
  check.array("b", a_b.get(), fd(b, loss));
  check.array("op", fields_of(g), fd(fields, loss));
  check.array("out", a_o.get(), fd(out, loss));
#else
  std::vector<float> va = rng.vec<float>(n), vb = rng.vec<float>(n), vf = rng.vec<float>(2);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(a, t, va), along(b, t, vb), along(fields, t, vf)));
  };
  DeviceArray<float> t_a(va), t_b(vb), t_o(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(binary_map_pushforward<Op>, 3, 32, d_a.ptr, d_b.ptr, op, d_o.ptr,
                        (size_t)n, t_a.ptr, t_b.ptr, (Op{vf[0], vf[1]}), t_o.ptr));
  check.array("out", as_doubles(t_o.get()), directional_fd<float>(outputs_at),
              default_tol<float>());
#endif
  return check.finish();
}
