#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int NK = 5, NB = 4, NF = 9;

int main() {
  Checker check("rw24e_slerp_keyframes");
  Rng rng(24511);
  const std::vector<float> kt = {0.0f, 0.7f, 1.5f, 2.1f, 3.0f};
  // frames strictly inside key intervals (away from the clamp and the key search switches),
  // one exactly at a key time is avoided too
  std::vector<float> ft;
  for (int f = 0; f < NF; ++f) ft.push_back(0.05f + 0.33f * f);
  std::vector<float> keys(4 * NK * NB), bv = rng.vec<float>(3 * NB, -1.0, 1.0);
  for (int attempt = 0;; ++attempt) {
  // Keys near each other with random signs and lengths: some pairs need the hemisphere flip,
  // one bone's last two keys are nearly identical (the lerp fallback), dot products are kept
  // away from 0 and from 0.9995, and rotations away from angle 0.
  for (int b = 0; b < NB; ++b) {
    double prev[4] = {1, 0, 0, 0};
    for (int k = 0; k < NK; ++k) {
      double q[4];
      for (;;) {
        for (int c = 0; c < 4; ++c) q[c] = prev[c] + rng.uniform(-0.6, 0.6);
        if (k == 0) q[0] = 0.6 + rng.uniform(0, 0.3);
        if (b == 1 && k == NK - 1)
          for (int c = 0; c < 4; ++c) q[c] = prev[c] + rng.uniform(-0.005, 0.005);
        double n = 0, np = 0, d = 0;
        for (int c = 0; c < 4; ++c) n += q[c] * q[c], np += prev[c] * prev[c], d += q[c] * prev[c];
        const double cosang = std::fabs(d) / std::sqrt(n * np);
        if (k == 0 || (b == 1 && k == NK - 1 && cosang > 0.99996) || (cosang > 0.2 && cosang < 0.995)) break;
      }
      for (int c = 0; c < 4; ++c) prev[c] = q[c];
      const double s = rng.uniform(0.0, 1.0) < 0.35 ? -rng.uniform(0.6, 1.5) : rng.uniform(0.6, 1.5);
      for (int c = 0; c < 4; ++c) keys[4 * (b * NK + k) + c] = (float)(s * q[c]);
    }
  }
  // the interpolated rotations replayed in double: the angle output's |w| must stay away from
  // 0 (fabsf's kink) and 1
  double worst = 1.0;
  for (int f = 0; f < NF; ++f)
    for (int b = 0; b < NB; ++b) {
      int k = 0;
      while (k + 2 < NK && kt[k + 1] <= ft[f]) ++k;
      const double u = (ft[f] - kt[k]) / (kt[k + 1] - kt[k]);
      double a[4], c[4], na = 0, nc = 0, d = 0;
      for (int e = 0; e < 4; ++e) a[e] = keys[4 * (b * NK + k) + e], c[e] = keys[4 * (b * NK + k + 1) + e];
      for (int e = 0; e < 4; ++e) na += a[e] * a[e], nc += c[e] * c[e];
      for (int e = 0; e < 4; ++e) a[e] /= std::sqrt(na), c[e] /= std::sqrt(nc), d += a[e] * c[e];
      const double sg = d < 0 ? -1.0 : 1.0;
      d *= sg;
      double sa = 1 - u, sb = u;
      if (d <= 0.9995) {
        const double th = std::acos(d);
        sa = std::sin((1 - u) * th) / std::sin(th), sb = std::sin(u * th) / std::sin(th);
      }
      double q[4], nq = 0;
      for (int e = 0; e < 4; ++e) q[e] = sa * a[e] + sb * sg * c[e], nq += q[e] * q[e];
      const double w = std::fabs(q[0]) / std::sqrt(nq);
      worst = std::fmin(worst, std::fmin(w, 1.0 - w));
    }
  if (worst > 0.03 || attempt > 100) {
    check.expect(worst > 0.03, "rotations away from the angle output's kinks");
    break;
  }
  }
  auto qa = [](DeviceArray<float>& a) { return reinterpret_cast<Quatf*>(a.ptr); };
  auto f3 = [](DeviceArray<float>& a) { return reinterpret_cast<float3*>(a.ptr); };
  DeviceArray<float> d_kt(kt), d_ft(ft);
  auto run = [&](const std::vector<float>& k, const std::vector<float>& v) {
    DeviceArray<float> d_k(k), d_v(v), d_o(zeros<float>(4 * NF * NB));
    CUAD_LAUNCH(animate_bones, 2, 32, d_kt.ptr, qa(d_k), NK, f3(d_v), NB, d_ft.ptr, NF, d_o.ptr);
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(4 * NF * NB);
  auto loss = [&] { return dot(w, run(keys, bv)); };
  DeviceArray<float> d_k(keys), d_v(bv), d_o(zeros<float>(4 * NF * NB)), g_k(zeros<float>(keys.size())),
      g_v(zeros<float>(bv.size())), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(animate_bones_grad_1_3_7, 2, 32, d_kt.ptr, qa(d_k), NK, f3(d_v), NB, d_ft.ptr, NF, d_o.ptr, qa(g_k),
                        f3(g_v), g_o.ptr));
  check.array("keys", g_k.get(), fd(keys, loss));
  check.array("bone_vec", g_v.get(), fd(bv, loss));
  check.array("out", g_o.get(), zeros<double>(4 * NF * NB));
#else
  const std::vector<float> vk = rng.vec<float>(keys.size(), -0.2, 0.2), vv = rng.vec<float>(bv.size());
  auto outputs_at = [&](double t) { return as_doubles(run(along(keys, t, vk), along(bv, t, vv))); };
  DeviceArray<float> d_k(keys), d_v(bv), d_o(zeros<float>(4 * NF * NB)), t_k(vk), t_v(vv), t_o(zeros<float>(4 * NF * NB));
  CUAD_GRAD(CUAD_LAUNCH(animate_bones_pushforward_1_3_7, 2, 32, d_kt.ptr, qa(d_k), NK, f3(d_v), NB, d_ft.ptr, NF, d_o.ptr,
                        qa(t_k), f3(t_v), t_o.ptr));
  check.array("out tangent", as_doubles(t_o.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
