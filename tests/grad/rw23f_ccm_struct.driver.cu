#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static IspParams pack(const std::vector<float>& p) {
  IspParams s;
  s.black = p[0];
  for (int c = 0; c < 3; ++c) s.wb[c] = p[1 + c];
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) s.ccm[r][c] = p[4 + 3 * r + c];
  s.gamma = p[13];
  return s;
}
static std::vector<float> unpack(const IspParams& s) {
  std::vector<float> p(14);
  p[0] = s.black;
  for (int c = 0; c < 3; ++c) p[1 + c] = s.wb[c];
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) p[4 + 3 * r + c] = s.ccm[r][c];
  p[13] = s.gamma;
  return p;
}

int main() {
  Checker check("rw23f_ccm_struct");
  Rng rng(23625);
  const int n = 40;
  std::vector<float> raw = rng.vec<float>(3 * n, 0.2, 0.9);
  std::vector<float> p = {0.05f, 1.9f, 1.0f, 1.5f, 1.6f, -0.4f, -0.2f, -0.3f, 1.5f, -0.2f, 0.0f, -0.5f, 1.5f, 2.2f};
  const std::vector<float> w = rng.vec<float>(3 * n);
  // the fmaxf clamp must not be active: check on the host in double
  auto loss = [&] {
    DeviceArray<float> d_r(raw), d_o(zeros<float>(3 * n));
    CUAD_LAUNCH(color_pipeline, 2, 32, d_r.ptr, n, pack(p), d_o.ptr);
    return dot(w, d_o.get());
  };
  {
    DeviceArray<float> d_r(raw), d_o(zeros<float>(3 * n));
    CUAD_LAUNCH(color_pipeline, 2, 32, d_r.ptr, n, pack(p), d_o.ptr);
    double mn = 1e9;
    for (float v : d_o.get()) mn = std::fmin(mn, v);
    check.expect(mn > std::pow(2e-3, 1.0 / 2.2), "no output at the clamp");
  }
  DeviceArray<float> d_r(raw), d_o(zeros<float>(3 * n)), g_r(zeros<float>(3 * n)), g_o(w);
  IspParams z;
  std::memset(&z, 0, sizeof(z));
  DeviceArray<IspParams> g_p(std::vector<IspParams>{z});
  CUAD_GRAD(CUAD_LAUNCH(color_pipeline_grad_0_2_3, 2, 32, d_r.ptr, n, pack(p), d_o.ptr, g_r.ptr, g_p.ptr, g_o.ptr));
  check.array("raw", g_r.get(), fd(raw, loss));
  check.array("isp", unpack(g_p.get()[0]), fd(p, loss));
  check.array("rgb", g_o.get(), zeros<double>(3 * n));
  return check.finish();
}
