#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;

static_assert(sizeof(Tri) == 18 * sizeof(float), "Tri is 18 floats");
static const int W = 20, H = 14, NT = 7;
static const SoftParams PRM{1.5f, 0.2f, 0.1f, 3.0f};

static std::vector<Tri> tris_of(const std::vector<float>& v) {
  std::vector<Tri> t(v.size() / 18);
  std::memcpy(t.data(), v.data(), v.size() * sizeof(float));
  return t;
}
static std::vector<float> flat_tris(const std::vector<Tri>& t) {
  std::vector<float> v(18 * t.size());
  std::memcpy(v.data(), t.data(), v.size() * sizeof(float));
  return v;
}
static std::vector<float> flat4(const std::vector<float4>& a) {
  std::vector<float> v;
  for (auto& q : a) v.insert(v.end(), {q.x, q.y, q.z, q.w});
  return v;
}
static std::vector<float4> to4(const std::vector<float>& v) {
  std::vector<float4> a(v.size() / 4);
  for (size_t i = 0; i < a.size(); ++i) a[i] = make_float4(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
  return a;
}

// Triangles whose culling boxes stay away from pixel centres and whose interpolated 1/z stays
// positive wherever they are not culled.
static bool make_tris(Rng& rng, std::vector<float>& v) {
  v.assign(18 * NT, 0.0f);
  for (int f = 0; f < NT; ++f) {
    float* t = &v[18 * f];
    const double cx = rng.uniform(2.0, W - 2.0), cy = rng.uniform(2.0, H - 2.0), r = rng.uniform(3.0, 6.0);
    const double a0 = rng.uniform(0.0, 6.28);
    for (int k = 0; k < 3; ++k) {
      const double a = a0 + 2.094 * k + rng.uniform(-0.4, 0.4);  // counter-clockwise
      t[2 * k] = (float)(cx + r * std::cos(a));
      t[2 * k + 1] = (float)(cy + r * std::sin(a));
      t[6 + k] = (float)rng.uniform(1.7, 2.2);
      for (int c = 0; c < 3; ++c) t[9 + 3 * k + c] = (float)rng.uniform(0.0, 1.0);
    }
    const double grow = PRM.cull * PRM.sigma;
    double lo[2] = {1e9, 1e9}, hi[2] = {-1e9, -1e9};
    for (int k = 0; k < 3; ++k)
      for (int d = 0; d < 2; ++d) lo[d] = std::min(lo[d], (double)t[2 * k + d]), hi[d] = std::max(hi[d], (double)t[2 * k + d]);
    for (int d = 0; d < 2; ++d) {
      lo[d] -= grow;
      hi[d] += grow;
      for (double e : {lo[d], hi[d]}) {
        const double frac = e - std::floor(e);
        if (std::fabs(frac - 0.5) < 0.08) return false;
      }
    }
    const double area = (t[2] - t[0]) * (t[5] - t[1]) - (t[3] - t[1]) * (t[4] - t[0]);
    for (int py = 0; py < H; ++py)
      for (int px = 0; px < W; ++px) {
        const double x = px + 0.5, y = py + 0.5;
        if (x < lo[0] || x > hi[0] || y < lo[1] || y > hi[1]) continue;
        double iz = 0.0;
        for (int k = 0; k < 3; ++k) {
          const int a = (k + 1) % 3, b = (k + 2) % 3;
          const double bk = ((t[2 * b] - t[2 * a]) * (y - t[2 * a + 1]) - (t[2 * b + 1] - t[2 * a + 1]) * (x - t[2 * a])) / area;
          iz += bk * t[6 + k];
        }
        if (iz < 0.8) return false;
      }
  }
  return true;
}

#if CUAD_OUTPUT == 3
__global__ void cov_kernel(int n, const Tri* t, const float2* p, float* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = soft_coverage(t[i], p[i], 1.3f);
}
#if !defined(CUAD_SELFTEST)
__global__ void cov_grad_kernel(int n, const Tri* t, const float2* p, const float* w, Tri* gt, float2* gp) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Tri dt;
  std::memset(&dt, 0, sizeof(dt));
  float2 dp = make_float2(0.0f, 0.0f);
  soft_coverage_grad_0_1(t[i], p[i], 1.3f, &dt, &dp);
  float* s = reinterpret_cast<float*>(&dt);
  for (int k = 0; k < 18; ++k) s[k] *= w[i];
  gt[i] = dt;
  gp[i] = make_float2(w[i] * dp.x, w[i] * dp.y);
}
#endif
#endif

int main() {
  Checker check("rw26a_soft_raster");
  Rng rng(26303);
  std::vector<float> tris;
  int tries = 0;
  while (!make_tris(rng, tris) && tries < 1000) ++tries;
  check.expect(tries < 1000, "triangles away from the culling boxes");
  const int P = W * H;
  const dim3 block(8, 8), grid((W + 7) / 8, (H + 7) / 8);
#if CUAD_OUTPUT == 1
  auto run = [&](const std::vector<float>& tv) {
    DeviceArray<Tri> dt(tris_of(tv));
    DeviceArray<float4> img(to4(zeros<float>(4 * P)));
    CUAD_LAUNCH(soft_rasterize, grid, block, dt.ptr, NT, W, H, PRM, img.ptr);
    return flat4(img.get());
  };
  const std::vector<float> w = rng.vec<float>(4 * P);
  auto loss = [&] { return dot(w, run(tris)); };
  DeviceArray<Tri> dt(tris_of(tris)), gt(tris_of(zeros<float>(18 * NT)));
  DeviceArray<float4> img(to4(zeros<float>(4 * P))), gimg(to4(w));
  CUAD_GRAD(CUAD_LAUNCH(soft_rasterize_grad_0_5, grid, block, dt.ptr, NT, W, H, PRM, img.ptr, gt.ptr, gimg.ptr));
  check.array("tris", flat_tris(gt.get()), fd(tris, loss));
  check.array("out_rgba (only written)", flat4(gimg.get()), zeros<double>(4 * P));
#elif CUAD_OUTPUT == 2
  const std::vector<float> w = rng.vec<float>(4 * P);
  auto loss = [&] {
    std::vector<Tri> t = tris_of(tris);
    std::vector<float> img(4 * P, 0.0f);
    render_soft(t.data(), NT, W, H, PRM, img.data());
    return dot(w, img);
  };
  std::vector<Tri> t = tris_of(tris), gt = tris_of(zeros<float>(18 * NT));
  std::vector<float> img(4 * P, 0.0f), gimg = w;
  CUAD_GRAD(render_soft_grad_0_5(t.data(), NT, W, H, PRM, img.data(), gt.data(), gimg.data()));
  check.array("tris_h", flat_tris(gt), fd(tris, loss));
  check.array("img_h (only written)", gimg, zeros<double>(4 * P));
#else
  const int n = 24;
  std::vector<float> tv(18 * n), pv(2 * n);
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < 18; ++k) tv[18 * i + k] = tris[18 * (i % NT) + k];
    pv[2 * i] = (float)rng.uniform(0.0, W);
    pv[2 * i + 1] = (float)rng.uniform(0.0, H);
  }
  auto to_p = [](const std::vector<float>& v) {
    std::vector<float2> a(v.size() / 2);
    for (size_t i = 0; i < a.size(); ++i) a[i] = make_float2(v[2 * i], v[2 * i + 1]);
    return a;
  };
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<Tri> dt(tris_of(tv));
    DeviceArray<float2> dp(to_p(pv));
    DeviceArray<float> out(zeros<float>(n));
    CUAD_LAUNCH(cov_kernel, 1, 32, n, dt.ptr, dp.ptr, out.ptr);
    return dot(w, out.get());
  };
  DeviceArray<Tri> dt(tris_of(tv)), gt(tris_of(zeros<float>(18 * n)));
  DeviceArray<float2> dp(to_p(pv)), gp(to_p(zeros<float>(2 * n)));
  DeviceArray<float> dw(w);
  CUAD_GRAD(CUAD_LAUNCH(cov_grad_kernel, 1, 32, n, dt.ptr, dp.ptr, dw.ptr, gt.ptr, gp.ptr));
  check.array("t", flat_tris(gt.get()), fd(tv, loss));
  std::vector<float> gpf;
  for (auto& q : gp.get()) gpf.insert(gpf.end(), {q.x, q.y});
  check.array("p", gpf, fd(pv, loss));
#endif
  return check.finish();
}
