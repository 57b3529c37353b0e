#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_embedding");
  const int vocab = 6, dim = 20, ntok = 9;
  Rng rng(207);
  std::vector<float> table = rng.vec<float>(vocab * dim), out = rng.vec<float>(ntok * dim),
                     w = rng.vec<float>(ntok * dim);
  std::vector<int64_t> idx = {3, 1, 3, 0, 5, 3, 1, 2, 0};
  float scale = 1.7f;
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_t(table);
    DeviceArray<int64_t> d_i(idx);
    CUAD_LAUNCH(embedding_fwd, ntok, 8, d_out.ptr, d_t.ptr, d_i.ptr, dim, scale);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_t(table), a_out(w), a_t(zeros<float>(vocab * dim));
  DeviceArray<int64_t> d_i(idx);
  DeviceScalar<float> a_s;
  CUAD_GRAD(CUAD_LAUNCH(embedding_fwd_grad_0_1_4, ntok, 8, d_out.ptr, d_t.ptr, d_i.ptr, dim, scale, a_out.ptr,
                        a_t.ptr, a_s.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("table", a_t.get(), fd(table, loss));
  check.scalar("scale", a_s.value(), fd(scale, loss));
  return check.finish();
}
