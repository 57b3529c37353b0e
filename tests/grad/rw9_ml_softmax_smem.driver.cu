#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
constexpr int BLOCK = 128;
#else
constexpr int BLOCK = 64;
#endif

int main() {
  Checker check("rw9_ml_softmax_smem");
  const int rows = 4, C = 200, n = rows * C;
  Rng rng(9102);
  std::vector<float> x = rng.vec<float>(n, -3.0, 3.0), y = rng.vec<float>(n);
  const std::vector<float> w = rng.vec<float>(n);
  float inv_temp = 0.8f;
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_x(x);
    CUAD_LAUNCH((softmax_block<BLOCK>), rows, BLOCK, d_y.ptr, d_x.ptr, inv_temp, C);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_y(y), d_x(x), a_y(w), a_x(zeros<float>(n));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH((softmax_block_grad_0_1<BLOCK>), rows, BLOCK, d_y.ptr, d_x.ptr, inv_temp, C,
                        a_y.ptr, a_x.ptr));
#else
  DeviceScalar<float> a_t;
  CUAD_GRAD(CUAD_LAUNCH((softmax_block_grad_0_1_2<BLOCK>), rows, BLOCK, d_y.ptr, d_x.ptr, inv_temp, C,
                        a_y.ptr, a_x.ptr, a_t.ptr));
  check.scalar("inv_temp", a_t.value(), fd(inv_temp, loss));
#endif
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
