#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int S = 16, NL = 4, N = 60;

int main() {
  Checker check("rw24e_mip_trilinear_host");
  Rng rng(24516);
  std::vector<float> tex = rng.vec<float>(S * S, 0.0, 1.0), uv, fp;
  // queries away from tap switches at every level they touch, and from integer levels of
  // detail; footprints from sub-texel to the coarsest levels (the clamps included)
  while ((int)fp.size() < N) {
    const double u = rng.uniform(-0.05, 1.05), v = rng.uniform(-0.05, 1.05), f = std::exp(rng.uniform(std::log(0.03), std::log(0.9)));
    // the float step is 2e-3 (4e-3 for the 2h check): the level of detail moves by up to
    // 4e-3 / (f ln 2), a tap coordinate by 4e-3 * S
    const double lod = std::log2(f * S), lod_margin = 1.5 * 4e-3 / (f * std::log(2.0));
    if (std::fabs(lod - std::round(lod)) < lod_margin || std::fabs(lod - (NL - 1 - 1e-3)) < lod_margin) continue;
    bool ok = true;
    for (int l = 0, s = S; l < NL; ++l, s /= 2)
      for (double c : {u * s - 0.5, v * s - 0.5})
        if (std::fabs(c - std::round(c)) < 0.1) ok = false;
    if (!ok) continue;
    uv.push_back((float)u), uv.push_back((float)v), fp.push_back((float)f);
  }
  auto f2 = [](std::vector<float>& a) { return reinterpret_cast<float2*>(a.data()); };
  std::vector<float> out(N);
  const std::vector<float> w = rng.vec<float>(N);
  auto loss = [&] {
    sample_mipmapped(tex.data(), S, NL, f2(uv), fp.data(), N, out.data());
    return dot(w, out);
  };
  std::vector<float> g_tex(S * S, 0.0f), g_uv(2 * N, 0.0f), g_fp(N, 0.0f), g_out = w;
  CUAD_GRAD(sample_mipmapped_grad_0_3_4_6(tex.data(), S, NL, f2(uv), fp.data(), N, out.data(), g_tex.data(), f2(g_uv),
                                          g_fp.data(), g_out.data()));
  check.array("tex", g_tex, fd(tex, loss));
  check.array("uv", g_uv, fd(uv, loss));
  check.array("footprint", g_fp, fd(fp, loss));
  check.array("out", g_out, zeros<double>(N));
  return check.finish();
}
