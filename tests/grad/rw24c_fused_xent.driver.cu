#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_fused_xent");
  Rng rng(24304);
  const int BT = 5, V = 70, P = 72, block = 64;
  const float smoothing = 0.1f;
  std::vector<int> targets = {3, 69, -100, 41, 0};
  std::vector<float> logits = rng.vec<float>(BT * P, -3.0, 3.0), losses = rng.vec<float>(BT),
                     dl = rng.vec<float>(BT, 0.1, 0.5);
  auto run = [&](const std::vector<float>& z, const std::vector<float>& d) {
    DeviceArray<float> dz(z), dlo(losses), dd(d);
    DeviceArray<int> dt(targets);
    CUAD_LAUNCH(fused_classifier, BT, block, dz.ptr, dlo.ptr, dd.ptr, dt.ptr, BT, V, P, smoothing);
    std::vector<float> o = dz.get(), l = dlo.get();
    o.insert(o.end(), l.begin(), l.end());
    return o;
  };
  const std::vector<float> wz = rng.vec<float>(BT * P, -3.0, 3.0), wl = rng.vec<float>(BT);
  std::vector<float> w = wz;
  w.insert(w.end(), wl.begin(), wl.end());
  auto loss = [&] { return dot(w, run(logits, dl)); };
  DeviceArray<float> dz(logits), dlo(losses), dd(dl), gz(wz), gl(wl), gd(zeros<float>(BT));
  DeviceArray<int> dt(targets);
  CUAD_GRAD(CUAD_LAUNCH(fused_classifier_grad_0_1_2, BT, block, dz.ptr, dlo.ptr, dd.ptr, dt.ptr, BT, V, P,
                        smoothing, gz.ptr, gl.ptr, gd.ptr));
  check.array("logits", gz.get(), fd(logits, loss));
  check.array("losses", gl.get(), zeros<double>(BT));
  check.array("dlosses", gd.get(), fd(dl, loss));
  return check.finish();
}
