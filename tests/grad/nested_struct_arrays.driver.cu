#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static Layer layer_of(const std::vector<double>& v) {
  Layer L;
  int k = 0;
  for (auto& u : L.units) {
    for (double& w : u.w) w = v[k++];
    u.b = v[k++];
  }
  L.scale = v[k];
  return L;
}

int main() {
  Checker check("nested_struct_arrays");
  const int n = 40;
  Rng rng(50);
  std::vector<double> l = rng.vec(9, 0.1, 0.6), x = rng.vec(3 * n, 0.0, 1.0), y = rng.vec(n),
                      w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<Layer> d_l({layer_of(l)});
    DeviceArray<double> d_x(x), d_y(y);
    CUAD_LAUNCH(net, 2, 32, d_l.ptr, d_x.ptr, d_y.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<Layer> d_l({layer_of(l)}), a_l({layer_of(std::vector<double>(9, 0.0))});
  DeviceArray<double> d_x(x), d_y(y), a_x(zeros<double>(3 * n)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(net_grad_0_1_2, 2, 32, d_l.ptr, d_x.ptr, d_y.ptr, n, a_l.ptr, a_x.ptr,
                        a_y.ptr));
  Layer g = a_l.get()[0];
  std::vector<double> a_lv;
  for (auto& u : g.units) {
    for (double v : u.w) a_lv.push_back(v);
    a_lv.push_back(u.b);
  }
  a_lv.push_back(g.scale);
  check.array("L", a_lv, fd(l, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  return check.finish();
}
