#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_online_softmax");
  const int R = 4, T = 9, D = 5;
  Rng rng(221);
  std::vector<float> s = rng.vec<float>(R * T, -3.0, 3.0), v = rng.vec<float>(T * D),
                     out = rng.vec<float>(R * D), w = rng.vec<float>(R * D);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_s(s), d_v(v);
    CUAD_LAUNCH(online_softmax_av, R, 8, d_o.ptr, d_s.ptr, d_v.ptr, T, D);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_s(s), d_v(v), a_o(w), a_s(zeros<float>(R * T)),
      a_v(zeros<float>(T * D));
  CUAD_GRAD(CUAD_LAUNCH(online_softmax_av_grad_0_1_2, R, 8, d_o.ptr, d_s.ptr, d_v.ptr, T, D,
                        a_o.ptr, a_s.ptr, a_v.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("scores", a_s.get(), fd(s, loss));
  check.array("v", a_v.get(), fd(v, loss));
  return check.finish();
}
