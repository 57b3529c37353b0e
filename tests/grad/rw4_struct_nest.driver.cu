#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw4_struct_nest");
  Rng rng(406);
#if CUAD_OUTPUT == 1
  const int n = 20, per = 3 * 3 + 1;  // 3 nodes of (x, y, mass), then stiff
  std::vector<float> flat = rng.vec<float>(n * per), e = rng.vec<float>(n), w = rng.vec<float>(n);
  auto pack = [&](const std::vector<float>& f) {
    std::vector<Tri> t(n);
    for (int i = 0; i < n; ++i) {
      for (int k = 0; k < 3; ++k)
        t[i].v[k] = Node{Vec2{f[i * per + 3 * k], f[i * per + 3 * k + 1]}, f[i * per + 3 * k + 2]};
      t[i].stiff = f[i * per + 9];
    }
    return t;
  };
  auto unpack = [&](const std::vector<Tri>& t) {
    std::vector<float> f(n * per);
    for (int i = 0; i < n; ++i) {
      for (int k = 0; k < 3; ++k) {
        f[i * per + 3 * k] = t[i].v[k].pos.x;
        f[i * per + 3 * k + 1] = t[i].v[k].pos.y;
        f[i * per + 3 * k + 2] = t[i].v[k].mass;
      }
      f[i * per + 9] = t[i].stiff;
    }
    return f;
  };
  auto loss = [&] {
    DeviceArray<float> d_e(e);
    DeviceArray<Tri> d_m(pack(flat));
    CUAD_LAUNCH(mesh_energy, 1, 32, d_e.ptr, d_m.ptr, n);
    return dot(w, d_e.get());
  };
  DeviceArray<float> d_e(e), a_e(w);
  DeviceArray<Tri> d_m(pack(flat)), a_m(pack(zeros<float>(n * per)));
  CUAD_GRAD(CUAD_LAUNCH(mesh_energy_grad_0_1, 1, 32, d_e.ptr, d_m.ptr, n, a_e.ptr, a_m.ptr));
  check.array("e", a_e.get(), fd(e, loss));
  check.array("m", unpack(a_m.get()), fd(flat, loss));
#else
  const int n = 40;
  std::vector<float> c = rng.vec<float>(4), x = rng.vec<float>(n), out = rng.vec<float>(n),
                     w = rng.vec<float>(n);
  auto pack = [](const std::vector<float>& v) {
    Poly<4> p;
    for (int k = 0; k < 4; ++k) p.c[k] = v[k];
    return std::vector<Poly<4>>{p};
  };
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_x(x);
    DeviceArray<Poly<4>> d_c(pack(c));
    CUAD_LAUNCH(poly_kernel, 2, 32, d_o.ptr, d_c.ptr, d_x.ptr, n);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_x(x), a_o(w), a_x(zeros<float>(n));
  DeviceArray<Poly<4>> d_c(pack(c)), a_c(pack(zeros<float>(4)));
  CUAD_GRAD(CUAD_LAUNCH(poly_kernel_grad_0_1_2, 2, 32, d_o.ptr, d_c.ptr, d_x.ptr, n, a_o.ptr,
                        a_c.ptr, a_x.ptr));
  Poly<4> ac = a_c.get()[0];
  check.array("out", a_o.get(), fd(out, loss));
  check.array("c", std::vector<float>(ac.c, ac.c + 4), fd(c, loss));
  check.array("x", a_x.get(), fd(x, loss));
#endif
  return check.finish();
}
