#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("compound_literal_struct");
  const int n = 37;
#if CUAD_OUTPUT <= 2
  Rng rng(2503);
  std::vector<double> p = rng.vec(2 * n, 0.3, 1.2);
  auto run = [&](const std::vector<double>& pp) {
    DeviceArray<double> d_p(pp), d_out(zeros<double>(n));
    CUAD_LAUNCH(k, 2, 32, d_p.ptr, d_out.ptr, n);
    return d_out.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(p)); };
  DeviceArray<double> d_p(p), d_out(zeros<double>(n)), g_p(zeros<double>(2 * n)), g_out(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 2, 32, d_p.ptr, d_out.ptr, n, g_p.ptr, g_out.ptr));
  check.array("p", g_p.get(), fd(p, loss));
  check.array("out", g_out.get(), zeros<double>(n));
#else
  const std::vector<double> vp = rng.vec(2 * n);
  auto outputs_at = [&](double t) { return run(along(p, t, vp)); };
  DeviceArray<double> d_p(p), d_out(zeros<double>(n)), t_p(vp), t_out(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 2, 32, d_p.ptr, d_out.ptr, n, t_p.ptr, t_out.ptr));
  check.array("out tangent", t_out.get(), directional_fd<double>(outputs_at));
  check.array("out", d_out.get(), run(p));
#endif
#else
  Rng rng(2504);
  std::vector<float> pos = rng.vec<float>(3 * n, -1.0, 1.0);
  std::vector<int> partner(n);
  for (int i = 0; i < n; ++i) partner[i] = (i * 7 + 3) % n == i ? (i + 1) % n : (i * 7 + 3) % n;
  auto run = [&](const std::vector<float>& pp) {
    DeviceArray<float> d_pos(pp), d_e(zeros<float>(n)), d_f(zeros<float>(3 * n));
    DeviceArray<int> d_partner(partner);
    CUAD_LAUNCH(bonds, 2, 32, reinterpret_cast<const vec3*>(d_pos.ptr), d_partner.ptr, d_e.ptr,
                reinterpret_cast<vec3*>(d_f.ptr), n);
    std::vector<double> out = as_doubles(d_e.get());
    for (double f : as_doubles(d_f.get())) out.push_back(f);
    return out;
  };
#if CUAD_OUTPUT == 3
  const std::vector<float> we = rng.vec<float>(n), wf = rng.vec<float>(3 * n);
  std::vector<double> w = as_doubles(we);
  for (double f : as_doubles(wf)) w.push_back(f);
  auto loss = [&] { return dot(w, run(pos)); };
  DeviceArray<float> d_pos(pos), d_e(zeros<float>(n)), d_f(zeros<float>(3 * n));
  DeviceArray<float> g_pos(zeros<float>(3 * n)), g_e(we), g_f(wf);
  DeviceArray<int> d_partner(partner);
  CUAD_GRAD(CUAD_LAUNCH(bonds_grad_0_2_3, 2, 32, reinterpret_cast<const vec3*>(d_pos.ptr),
                        d_partner.ptr, d_e.ptr, reinterpret_cast<vec3*>(d_f.ptr), n,
                        reinterpret_cast<vec3*>(g_pos.ptr), g_e.ptr,
                        reinterpret_cast<vec3*>(g_f.ptr)));
  check.array("pos", as_doubles(g_pos.get()), fd(pos, loss), default_tol<float>());
#else
  const std::vector<float> vpos = rng.vec<float>(3 * n);
  auto outputs_at = [&](double t) { return run(along(pos, t, vpos)); };
  DeviceArray<float> d_pos(pos), d_e(zeros<float>(n)), d_f(zeros<float>(3 * n));
  DeviceArray<float> t_pos(vpos), t_e(zeros<float>(n)), t_f(zeros<float>(3 * n));
  DeviceArray<int> d_partner(partner);
  CUAD_GRAD(CUAD_LAUNCH(bonds_pushforward, 2, 32, reinterpret_cast<const vec3*>(d_pos.ptr),
                        d_partner.ptr, d_e.ptr, reinterpret_cast<vec3*>(d_f.ptr), n,
                        reinterpret_cast<const vec3*>(t_pos.ptr), t_e.ptr,
                        reinterpret_cast<vec3*>(t_f.ptr)));
  std::vector<double> tangents = as_doubles(t_e.get());
  for (double f : as_doubles(t_f.get())) tangents.push_back(f);
  check.array("tangents", tangents, directional_fd<float>(outputs_at), default_tol<float>());
#endif
#endif
  return check.finish();
}
