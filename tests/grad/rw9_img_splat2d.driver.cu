#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_img_splat2d");
  const int W = 12, H = 10, ng = 9, npx = 3 * W * H;
  Rng rng(9808);
  // means with fractional parts in [0.2, 0.8] (the (int) cast of the footprint origin)
  std::vector<float> m(2 * ng), p = rng.vec<float>(4 * ng, -0.5, 0.5), w = rng.vec<float>(npx);
  for (int k = 0; k < ng; ++k) {
    m[2 * k] = (float)(1 + (k * 5) % 10) + (float)rng.uniform(0.2, 0.8);
    m[2 * k + 1] = (float)(1 + (k * 3) % 8) + (float)rng.uniform(0.2, 0.8);
  }
  auto f2 = [&](const std::vector<float>& v) {
    return std::vector<float2>((const float2*)v.data(), (const float2*)v.data() + v.size() / 2);
  };
  auto f4 = [&](const std::vector<float>& v) {
    return std::vector<float4>((const float4*)v.data(), (const float4*)v.data() + v.size() / 4);
  };
#if CUAD_OUTPUT == 2
  auto loss = [&] {
    std::vector<float> o(npx);
    splat_run(f2(m).data(), f4(p).data(), o.data(), ng, W, H);
    return dot(w, o);
  };
  std::vector<float2> hm = f2(m), am(ng, make_float2(0.f, 0.f));
  std::vector<float4> hp = f4(p), ap(ng, make_float4(0.f, 0.f, 0.f, 0.f));
  std::vector<float> o(npx), ao = w;
  CUAD_GRAD(splat_run_grad_0_1_2(hm.data(), hp.data(), o.data(), ng, W, H, am.data(), ap.data(),
                                 ao.data()));
  check.array("means", std::vector<float>((float*)am.data(), (float*)am.data() + 2 * ng), fd(m, loss));
  check.array("params", std::vector<float>((float*)ap.data(), (float*)ap.data() + 4 * ng), fd(p, loss));
#else
  // the struct array directly: fields mu.x, mu.y, a, b, c, opacity, color.xyz (9 floats)
  std::vector<float> gs(9 * ng);
  for (int k = 0; k < ng; ++k) {
    float* q = &gs[9 * k];
    q[0] = m[2 * k]; q[1] = m[2 * k + 1];
    q[2] = 0.8f + 0.1f * (k % 3); q[3] = 0.1f - 0.05f * (k % 4); q[4] = 0.7f + 0.1f * (k % 2);
    q[5] = 0.6f; q[6] = 0.9f; q[7] = 0.4f; q[8] = 0.3f + 0.05f * k;
  }
  std::vector<float> img0 = rng.vec<float>(npx);
  auto asG = [&](const std::vector<float>& v) {
    std::vector<Gauss2D> G(ng);
    for (int k = 0; k < ng; ++k) {
      const float* q = &v[9 * k];
      G[k].mu = make_float2(q[0], q[1]); G[k].a = q[2]; G[k].b = q[3]; G[k].c = q[4];
      G[k].opacity = q[5]; G[k].color = make_float3(q[6], q[7], q[8]);
    }
    return G;
  };
  auto loss = [&] {
    DeviceArray<Gauss2D> dg(asG(gs));
    DeviceArray<float> di(img0);
    CUAD_LAUNCH(splat_gaussians, 1, 32, dg.ptr, ng, di.ptr, W, H);
    return dot(w, di.get());
  };
  DeviceArray<Gauss2D> dg(asG(gs)), ag(asG(zeros<float>(9 * ng)));
  DeviceArray<float> di(img0), ai(w);
  CUAD_GRAD(CUAD_LAUNCH(splat_gaussians_grad_0_2, 1, 32, dg.ptr, ng, di.ptr, W, H, ag.ptr, ai.ptr));
  std::vector<Gauss2D> A = ag.get();
  std::vector<float> af(9 * ng);
  for (int k = 0; k < ng; ++k) {
    float* q = &af[9 * k];
    q[0] = A[k].mu.x; q[1] = A[k].mu.y; q[2] = A[k].a; q[3] = A[k].b; q[4] = A[k].c;
    q[5] = A[k].opacity; q[6] = A[k].color.x; q[7] = A[k].color.y; q[8] = A[k].color.z;
  }
  check.array("g", af, fd(gs, loss));
  check.array("img", ai.get(), fd(img0, loss));
#endif
  return check.finish();
}
