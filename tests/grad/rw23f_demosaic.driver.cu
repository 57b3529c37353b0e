#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_demosaic");
  Rng rng(23609);
  const int W = 10, H = 7;
  std::vector<float> bayer = rng.vec<float>(W * H, 0.1, 0.9);
  std::vector<float> wbv = {1.8f, 1.0f, 1.4f, 2.2f};
  auto mk = [](const std::vector<float>& v) { return WhiteBalance{v[0], v[1], v[2], v[3]}; };
  const dim3 block(4, 4), grid((W + 3) / 4, (H + 3) / 4);
  const std::vector<float> w = rng.vec<float>(3 * W * H);
  auto run = [&]() {
    DeviceArray<float> d_b(bayer), d_o(zeros<float>(3 * W * H));
    CUAD_LAUNCH(demosaic_bilinear, grid, block, d_b.ptr, W, H, mk(wbv), reinterpret_cast<float3*>(d_o.ptr));
    return d_o.get();
  };
  auto loss = [&] { return dot(w, run()); };
  DeviceArray<float> d_b(bayer), d_o(zeros<float>(3 * W * H)), g_b(zeros<float>(W * H)), g_o(w);
  DeviceArray<WhiteBalance> g_wb(std::vector<WhiteBalance>{WhiteBalance{0, 0, 0, 0}});
  CUAD_GRAD(CUAD_LAUNCH(demosaic_bilinear_grad_0_3_4, grid, block, d_b.ptr, W, H, mk(wbv),
                        reinterpret_cast<float3*>(d_o.ptr), g_b.ptr, g_wb.ptr,
                        reinterpret_cast<float3*>(g_o.ptr)));
  check.array("bayer", g_b.get(), fd(bayer, loss));
  const WhiteBalance gw = g_wb.get()[0];
  check.array("wb", std::vector<float>{gw.r, gw.g, gw.b, gw.gamma}, fd(wbv, loss));
  check.array("rgb", g_o.get(), zeros<double>(3 * W * H));
  return check.finish();
}
