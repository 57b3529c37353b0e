#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static Sq make(float w, float c) {
  Sq s;
  s.w = w;
  s.c = c;
  return s;
}

int main() {
  Checker check("rw23c_min_functor_base_data");
  Rng rng(23398);
  const int n = 20;
  std::vector<float> x = rng.vec<float>(n), y = rng.vec<float>(n), w = rng.vec<float>(n);
  std::vector<float> prm = {1.3f, -0.4f};
  auto loss = [&] {
    DeviceArray<float> dx(x), dy(y);
    CUAD_LAUNCH(apply<Sq>, 1, 32, dx.ptr, make(prm[0], prm[1]), dy.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<float> dx(x), dy(y), ax(zeros<float>(n)), ay(w);
  DeviceScalar<Sq> af(make(0.f, 0.f));
  CUAD_GRAD(CUAD_LAUNCH(apply_grad_0_1_2<Sq>, 1, 32, dx.ptr, make(prm[0], prm[1]), dy.ptr, n, ax.ptr, af.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
  const Sq g = af.value();
  check.array("f{w,c}", std::vector<float>{g.w, g.c}, fd(prm, loss));
  check.array("y (only written)", ay.get(), zeros<double>(n));
  return check.finish();
}
