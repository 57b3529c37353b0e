#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_nbody_smem_tiles");
  Rng rng(23203);
  const int n = 45, B = 32, blocks = (n + B - 1) / B;
  const size_t smem = B * sizeof(float4);
  float G = 0.8f, soft2 = 0.05f, pe0 = 0.1f;
  std::vector<float> body(4 * n);
  for (int i = 0; i < n; ++i) {
    for (int d = 0; d < 3; ++d) body[4 * i + d] = (float)rng.uniform(-1.5, 1.5);
    body[4 * i + 3] = (float)rng.uniform(0.5, 1.5) / n;
  }
  auto as4 = [](DeviceArray<float>& a) { return reinterpret_cast<float4*>(a.ptr); };
  auto as3 = [](DeviceArray<float>& a) { return reinterpret_cast<float3*>(a.ptr); };
  auto run = [&](const std::vector<float>& b, float G_, float s2, std::vector<float>& pe) {
    DeviceArray<float> d_b(b), d_a(zeros<float>(3 * n)), d_pe(std::vector<float>{pe0});
    CUAD_LAUNCH_SHARED(nbody_forces<32>, blocks, B, smem, as4(d_b), G_, s2, n, as3(d_a), d_pe.ptr);
    pe = d_pe.get();
    return d_a.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wa = rng.vec<float>(3 * n);
  const float wpe = 0.6f;
  auto loss = [&] {
    std::vector<float> pe;
    const std::vector<float> a = run(body, G, soft2, pe);
    return dot(wa, a) + wpe * pe[0];
  };
  DeviceArray<float> d_b(body), d_a(zeros<float>(3 * n)), d_pe(std::vector<float>{pe0}),
      g_b(zeros<float>(4 * n)), g_a(wa), g_pe(std::vector<float>{wpe});
  DeviceScalar<float> g_G, g_s2;
  CUAD_GRAD(CUAD_LAUNCH_SHARED(nbody_forces_grad_0_1_2_4_5<32>, blocks, B, 2 * smem, as4(d_b), G, soft2,
                               n, as3(d_a), d_pe.ptr, as4(g_b), g_G.ptr, g_s2.ptr, as3(g_a), g_pe.ptr));
  check.array("body", g_b.get(), fd(body, loss));
  check.scalar("G", g_G.value(), fd(G, loss));
  check.scalar("soft2", g_s2.value(), fd(soft2, loss));
  check.array("acc", g_a.get(), zeros<double>(3 * n));
  check.scalar("total_pe", g_pe.get()[0], central_difference(pe0, loss, 0.25));
#else
  const std::vector<float> vb = rng.vec<float>(4 * n, -0.5, 0.5);
  const float vG = 0.4f, vs = 0.02f;
  auto outputs_at = [&](double t) {
    std::vector<float> pe;
    std::vector<double> out = as_doubles(run(along(body, t, vb), along(G, t, vG), along(soft2, t, vs), pe));
    out.push_back(pe[0]);
    return out;
  };
  DeviceArray<float> d_b(body), d_a(zeros<float>(3 * n)), d_pe(std::vector<float>{pe0}), t_b(vb),
      t_a(zeros<float>(3 * n)), t_pe(zeros<float>(1));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(nbody_forces_pushforward<32>, blocks, B, 2 * smem, as4(d_b), G, soft2, n,
                               as3(d_a), d_pe.ptr, as4(t_b), vG, vs, as3(t_a), t_pe.ptr));
  std::vector<double> tan = as_doubles(t_a.get());
  tan.push_back(t_pe.get()[0]);
  check.array("tangent", tan, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
