#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_img_softtri");
  Rng rng(9909);
#if CUAD_OUTPUT == 1
  const int W = 10, H = 9, NT = 3, n = W * H;
  std::vector<float> v = {0.1f, 0.15f, 0.8f, 0.2f, 0.4f, 0.85f,   // ccw
                          0.3f, 0.05f, 0.95f, 0.6f, 0.2f, 0.7f,
                          0.05f, 0.5f, 0.6f, 0.45f, 0.55f, 0.95f};
  std::vector<float> dep = {0.3f, 0.5f, 0.7f}, col = rng.vec<float>(3 * NT, 0.0, 1.0);
  std::vector<float> w = rng.vec<float>(4 * n), o0 = rng.vec<float>(4 * n);
  const dim3 block(8, 8), grid(2, 2);
  auto f2 = [](const std::vector<float>& a) {
    return std::vector<float2>((const float2*)a.data(), (const float2*)a.data() + a.size() / 2);
  };
  auto f3 = [](const std::vector<float>& a) {
    std::vector<float3> r(a.size() / 3);
    for (size_t i = 0; i < r.size(); ++i) r[i] = make_float3(a[3 * i], a[3 * i + 1], a[3 * i + 2]);
    return r;
  };
  auto f4 = [](const std::vector<float>& a) {
    return std::vector<float4>((const float4*)a.data(), (const float4*)a.data() + a.size() / 4);
  };
  auto fl4 = [](const std::vector<float4>& a) {
    return std::vector<float>((const float*)a.data(), (const float*)a.data() + 4 * a.size());
  };
  auto loss = [&] {
    DeviceArray<float2> dv(f2(v));
    DeviceArray<float> dd(dep);
    DeviceArray<float3> dc(f3(col));
    DeviceArray<float4> di(f4(o0));
    CUAD_LAUNCH(soft_raster<3>, grid, block, dv.ptr, dd.ptr, dc.ptr, di.ptr, W, H, 0.05f, 0.2f);
    return dot(w, fl4(di.get()));
  };
  DeviceArray<float2> dv(f2(v)), av(f2(zeros<float>(2 * 3 * NT)));
  DeviceArray<float> dd(dep);
  DeviceArray<float3> dc(f3(col)), ac(f3(zeros<float>(3 * NT)));
  DeviceArray<float4> di(f4(o0)), ai(f4(w));
  CUAD_GRAD(CUAD_LAUNCH(soft_raster_grad_0_2_3<3>, grid, block, dv.ptr, dd.ptr, dc.ptr, di.ptr, W,
                        H, 0.05f, 0.2f, av.ptr, ac.ptr, ai.ptr));
  std::vector<float2> A = av.get();
  std::vector<float3> C = ac.get();
  std::vector<float> af((float*)A.data(), (float*)A.data() + 2 * 3 * NT), cf(3 * NT);
  for (int i = 0; i < NT; ++i) { cf[3 * i] = C[i].x; cf[3 * i + 1] = C[i].y; cf[3 * i + 2] = C[i].z; }
  check.array("verts", af, fd(v, loss));
  check.array("colors", cf, fd(col, loss));
  check.array("img", fl4(ai.get()), std::vector<double>(4 * n, 0.0));
#else
  const int W = 13, H = 11, n = W * H;
  std::vector<float> in = rng.vec<float>(n, 0.0, 1.0), o0 = rng.vec<float>(n), w = rng.vec<float>(n);
  float sr = 0.3f;
  const dim3 block(8, 8), grid(2, 2);
  auto loss = [&] {
    DeviceArray<float> di(in), d_o(o0);
    CUAD_LAUNCH(bilateral, grid, block, di.ptr, d_o.ptr, W, H, 1.1f, sr);
    return dot(w, d_o.get());
  };
  DeviceArray<float> di(in), d_o(o0), ai(zeros<float>(n)), ao(w);
  DeviceScalar<float> asr;
  CUAD_GRAD(CUAD_LAUNCH(bilateral_grad_0_1_5, grid, block, di.ptr, d_o.ptr, W, H, 1.1f, sr, ai.ptr,
                        ao.ptr, asr.ptr));
  check.array("in", ai.get(), fd(in, loss));
  check.array("out", ao.get(), std::vector<double>(n, 0.0));
  check.scalar("sigma_r", asr.value(), fd(sr, loss));
#endif
  return check.finish();
}
