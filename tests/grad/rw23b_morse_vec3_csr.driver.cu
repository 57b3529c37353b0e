#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_morse_vec3_csr");
  Rng rng(23202);
  const int n = 36;
  const float Lx = 6.0f, Ly = 5.5f, Lz = 5.0f, rcut = 2.2f, rlist = 2.6f;
  float D = 0.9f, alpha = 1.6f, r0 = 1.25f;
  // random positions with a minimum separation, no pair near the cutoff
  std::vector<float> pos;
  auto mi = [](double d, double L) { return d - L * std::rint(d / L); };
  for (int tries = 0; (int)pos.size() < 3 * n && tries < 100000; ++tries) {
    const double p[3] = {rng.uniform(0, Lx), rng.uniform(0, Ly), rng.uniform(0, Lz)};
    bool ok = true;
    for (size_t j = 0; j < pos.size() / 3 && ok; ++j) {
      const double dx = mi(p[0] - pos[3 * j], Lx), dy = mi(p[1] - pos[3 * j + 1], Ly),
                   dz = mi(p[2] - pos[3 * j + 2], Lz);
      const double r = std::sqrt(dx * dx + dy * dy + dz * dz);
      if (r < 1.1 || std::fabs(r - rcut) < 0.05) ok = false;
    }
    if (ok)
      for (int d = 0; d < 3; ++d) pos.push_back((float)p[d]);
  }
  check.expect((int)pos.size() == 3 * n, "placed every atom");
  std::vector<int> start(n + 1, 0), idx;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      const double dx = mi(pos[3 * i] - pos[3 * j], Lx), dy = mi(pos[3 * i + 1] - pos[3 * j + 1], Ly),
                   dz = mi(pos[3 * i + 2] - pos[3 * j + 2], Lz);
      if (dx * dx + dy * dy + dz * dz < rlist * rlist) idx.push_back(j);
    }
    start[i + 1] = (int)idx.size();
  }
  std::printf("%zu neighbour entries\n", idx.size());
  const Vec3 cell(Lx, Ly, Lz);
  DeviceArray<int> d_start(start), d_idx(idx);
  float e0 = 0.25f;  // the energy accumulator's value on entry
  auto run = [&](const std::vector<float>& p, float D_, float a_, float r0_, std::vector<float>& e) {
    DeviceArray<float> d_p(p), d_f(zeros<float>(3 * n)), d_e(std::vector<float>{e0});
    CUAD_LAUNCH(morse_forces, 2, 32, n, d_p.ptr, d_start.ptr, d_idx.ptr, cell, D_, a_, r0_, rcut,
                d_f.ptr, d_e.ptr);
    e = d_e.get();
    return d_f.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wf = rng.vec<float>(3 * n);
  const float we = 0.7f;
  auto loss = [&] {
    std::vector<float> e;
    const std::vector<float> f = run(pos, D, alpha, r0, e);
    return dot(wf, f) + we * e[0];
  };
  DeviceArray<float> d_p(pos), d_f(zeros<float>(3 * n)), d_e(std::vector<float>{e0}), g_p(zeros<float>(3 * n)),
      g_f(wf), g_e(std::vector<float>{we});
  DeviceScalar<float> g_D, g_a, g_r0;
  CUAD_GRAD(CUAD_LAUNCH(morse_forces_grad_1_5_6_7_9_10, 2, 32, n, d_p.ptr, d_start.ptr, d_idx.ptr, cell,
                        D, alpha, r0, rcut, d_f.ptr, d_e.ptr, g_p.ptr, g_D.ptr, g_a.ptr, g_r0.ptr,
                        g_f.ptr, g_e.ptr));
  check.array("pos", g_p.get(), fd(pos, loss));
  check.scalar("D", g_D.value(), fd(D, loss));
  check.scalar("alpha", g_a.value(), fd(alpha, loss));
  check.scalar("r0", g_r0.value(), fd(r0, loss));
  check.array("force", g_f.get(), zeros<double>(3 * n));
  // the accumulator enters linearly: a large step keeps float rounding of the sum out
  check.scalar("energy", g_e.get()[0], central_difference(e0, loss, 0.25));
#else
  const std::vector<float> vp = rng.vec<float>(3 * n, -0.5, 0.5);
  const float vD = 0.3f, va = -0.2f;
  auto outputs_at = [&](double t) {
    std::vector<float> e;
    std::vector<double> out = as_doubles(run(along(pos, t, vp), along(D, t, vD), along(alpha, t, va), r0, e));
    out.push_back(e[0]);
    return out;
  };
  DeviceArray<float> d_p(pos), d_f(zeros<float>(3 * n)), d_e(std::vector<float>{e0}), t_p(vp),
      t_f(zeros<float>(3 * n)), t_e(zeros<float>(1));
  CUAD_GRAD(CUAD_LAUNCH(morse_forces_pushforward_1_5_6_9_10, 2, 32, n, d_p.ptr, d_start.ptr, d_idx.ptr,
                        cell, D, alpha, r0, rcut, d_f.ptr, d_e.ptr, t_p.ptr, vD, va, t_f.ptr, t_e.ptr));
  std::vector<double> tan = as_doubles(t_f.get());
  tan.push_back(t_e.get()[0]);
  check.array("tangent", tan, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
