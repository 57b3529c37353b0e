#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21b_layernorm_cg_smem");
  const int rows = 3, C = 100, block = 64;
  const size_t smem = (C + block / 32) * sizeof(float);
  const float eps = 1e-5f;
  Rng rng(21011);
  std::vector<float> x = rng.vec<float>(rows * C, -2.0, 2.0), gamma = rng.vec<float>(C, 0.5, 1.5),
                     beta = rng.vec<float>(C), y = rng.vec<float>(rows * C),
                     w = rng.vec<float>(rows * C);
  auto loss = [&] {
    DeviceArray<float> dx(x), dg(gamma), db(beta), dy(y);
    CUAD_LAUNCH_SHARED(layernorm_rowcache, rows, block, smem, dx.ptr, dg.ptr, db.ptr, dy.ptr, C, eps);
    return dot(w, dy.get());
  };
  DeviceArray<float> dx(x), dg(gamma), db(beta), dy(y), a_x(zeros<float>(rows * C)),
      a_g(zeros<float>(C)), a_b(zeros<float>(C)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(layernorm_rowcache_grad_0_1_2_3, rows, block, 2 * smem, dx.ptr,
                               dg.ptr, db.ptr, dy.ptr, C, eps, a_x.ptr, a_g.ptr, a_b.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("gamma", a_g.get(), fd(gamma, loss));
  check.array("beta", a_b.get(), fd(beta, loss));
  check.array("y", a_y.get(), fd(y, loss));
  return check.finish();
}
