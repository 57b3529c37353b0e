#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_gfx_demosaic");
  const int W = 10, H = 7, n = W * H;
  Rng rng(1309);
  // raw values in [0.35, 0.85]: every linear value stays far above the sRGB linear segment
  std::vector<float> raw = rng.vec<float>(n, 0.35, 0.85), w = rng.vec<float>(3 * n),
                     rgb0 = rng.vec<float>(3 * n);
  std::vector<float> wbv = {1.9f, 1.0f, 1.6f};
  const float ccm[9] = {1.6f, -0.4f, -0.2f, -0.15f, 1.45f, -0.1f, -0.05f, -0.45f, 1.5f};
  cudaMemcpyToSymbol(c_ccm, ccm, sizeof(ccm));
  const dim3 grid(3, 2), block(4, 4);
  auto loss = [&] {
    DeviceArray<float> dr(raw), dout(rgb0);
    CUAD_LAUNCH(isp_demosaic, grid, block, dr.ptr, make_float3(wbv[0], wbv[1], wbv[2]), dout.ptr, W, H);
    return dot(w, dout.get());
  };
  DeviceArray<float> dr(raw), ar(zeros<float>(n)), dout(rgb0), aout(w);
  DeviceScalar<float3> awb(make_float3(0.f, 0.f, 0.f));
  CUAD_GRAD(CUAD_LAUNCH(isp_demosaic_grad_0_1_2, grid, block, dr.ptr,
                        make_float3(wbv[0], wbv[1], wbv[2]), dout.ptr, W, H, ar.ptr, awb.ptr, aout.ptr));
  check.array("raw", ar.get(), fd(raw, loss));
  const float3 g = awb.value();
  check.array("wb", std::vector<float>{g.x, g.y, g.z}, fd(wbv, loss));
  check.array("rgb", aout.get(), zeros<double>(3 * n));
  return check.finish();
}
