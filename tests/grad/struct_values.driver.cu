#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<V2> pairs(const std::vector<double>& v) {
  std::vector<V2> out(v.size() / 2);
  for (size_t i = 0; i < out.size(); ++i) out[i] = {v[2 * i], v[2 * i + 1]};
  return out;
}
static std::vector<double> flat(const std::vector<V2>& v) {
  std::vector<double> out;
  for (const V2& p : v) out.insert(out.end(), {p.x, p.y});
  return out;
}

int main() {
  Checker check("struct_values");
  const int n = 64;
  Rng rng(47);
  std::vector<double> out = rng.vec(2 * n), len = rng.vec(n), a = rng.vec(n), b = rng.vec(n),
                      wo = rng.vec(2 * n), wl = rng.vec(n);
  auto loss = [&] {
    DeviceArray<V2> d_out(pairs(out));
    DeviceArray<double> d_len(len), d_a(a), d_b(b);
    CUAD_LAUNCH(combine, 2, 32, d_out.ptr, d_len.ptr, d_a.ptr, d_b.ptr, n);
    return dot(wo, flat(d_out.get())) + dot(wl, d_len.get());
  };
  DeviceArray<V2> d_out(pairs(out)), a_out(pairs(wo));
  DeviceArray<double> d_len(len), d_a(a), d_b(b), a_len(wl), a_a(zeros<double>(n)),
      a_b(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(combine_grad_0_1_2_3, 2, 32, d_out.ptr, d_len.ptr, d_a.ptr, d_b.ptr, n,
                        a_out.ptr, a_len.ptr, a_a.ptr, a_b.ptr));
  check.array("out", flat(a_out.get()), fd(out, loss));
  check.array("len", a_len.get(), fd(len, loss));
  check.array("a", a_a.get(), fd(a, loss));
  check.array("b", a_b.get(), fd(b, loss));
  return check.finish();
}
