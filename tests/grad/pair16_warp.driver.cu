#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// As in pair16_math: the losses run a double-precision mirror of the kernel (checked against
// the kernel's outputs first), since central differences of 16-bit outputs are noise. The
// warp sum rounds to half at each of its 5 steps and the adjoints are 16-bit too: (1e-2, 3e-2).
// Inputs are multiples of 1/64 (exact in __half).

std::vector<__half2> pack(const std::vector<float>& v) {
  std::vector<__half2> out;
  for (size_t i = 0; i + 1 < v.size(); i += 2) out.push_back(__half2{__half(v[i]), __half(v[i + 1])});
  return out;
}

std::vector<double> unpack(const std::vector<__half2>& v) {
  std::vector<double> out;
  for (const __half2& p : v) {
    out.push_back((double)(float)p.x);
    out.push_back((double)(float)p.y);
  }
  return out;
}

// y (64 per row) then out (one per row).
std::vector<double> mirror(const std::vector<float>& x, const std::vector<float>& g, int rows) {
  std::vector<double> y(rows * 64), out(rows);
  for (int r = 0; r < rows; ++r) {
    double total = 0;
    for (int k = 0; k < 64; ++k) total += (double)x[r * 64 + k] * x[r * 64 + k];
    const double inv = 1.0 / std::sqrt(total / 64.0 + 1.0);
    for (int k = 0; k < 64; ++k) y[r * 64 + k] = x[r * 64 + k] * inv * g[k];
    out[r] = total;
  }
  y.insert(y.end(), out.begin(), out.end());
  return y;
}

std::vector<float> grid(int count, int seed) {
  std::vector<float> v(count);
  for (int i = 0; i < count; ++i) v[i] = (float)((i * 29 + seed * 13) % 97 - 48) / 64.f;
  return v;
}

int main() {
  Checker check("pair16_warp");
  const int rows = 3;
  const Tol tol{1e-2, 3e-2};
  std::vector<float> x = grid(rows * 64, 1), g = grid(64, 2), y = zeros<float>(rows * 64),
                     out = zeros<float>(rows);
  DeviceArray<__half2> d_x(pack(x)), d_g(pack(g)), d_y(pack(y));
  DeviceArray<float> d_o(out);
  {
    CUAD_LAUNCH(half2_warp_norm, rows, 32, d_x.ptr, d_g.ptr, d_y.ptr, d_o.ptr);
    std::vector<double> got = unpack(d_y.get());
    for (float o : d_o.get()) got.push_back(o);
    check.array("primal", got, mirror(x, g, rows), tol);
    d_y.set(pack(y));
    d_o.set(out);
  }
#if CUAD_OUTPUT == 1
  Rng rng(8401);
  std::vector<float> wy = grid(rows * 64, 3), wo = rng.vec<float>(rows);
  auto loss = [&] {
    const std::vector<double> o = mirror(x, g, rows);
    double l = 0;
    for (size_t i = 0; i < wy.size(); ++i) l += wy[i] * o[i];
    for (int r = 0; r < rows; ++r) l += wo[r] * o[wy.size() + r];
    return l;
  };
  DeviceArray<__half2> a_x(pack(zeros<float>(rows * 64))), a_g(pack(zeros<float>(64))),
      a_y(pack(wy));
  DeviceArray<float> a_o(wo);
  CUAD_GRAD(CUAD_LAUNCH(half2_warp_norm_grad, rows, 32, d_x.ptr, d_g.ptr, d_y.ptr, d_o.ptr,
                        a_x.ptr, a_g.ptr, a_y.ptr, a_o.ptr));
  check.array("x", unpack(a_x.get()), fd(x, loss), tol);
  check.array("g", unpack(a_g.get()), fd(g, loss), tol);
  check.array("y", unpack(a_y.get()), fd(y, loss), tol);
  check.array("out", as_doubles(a_o.get()), fd(out, loss), tol);
#else
  std::vector<float> vx = grid(rows * 64, 4), vg = grid(64, 5);
  auto outputs_at = [&](double t) { return mirror(along(x, t, vx), along(g, t, vg), rows); };
  const std::vector<double> dir = directional_fd<float>(outputs_at);
  DeviceArray<__half2> t_x(pack(vx)), t_g(pack(vg)), t_y(pack(zeros<float>(rows * 64)));
  DeviceArray<float> t_o(zeros<float>(rows));
  CUAD_GRAD(CUAD_LAUNCH(half2_warp_norm_pushforward, rows, 32, d_x.ptr, d_g.ptr, d_y.ptr, d_o.ptr,
                        t_x.ptr, t_g.ptr, t_y.ptr, t_o.ptr));
  std::vector<double> tangents = unpack(t_y.get());
  for (float o : t_o.get()) tangents.push_back(o);
  check.array("tangents", tangents, dir, tol);
#endif
  return check.finish();
}
