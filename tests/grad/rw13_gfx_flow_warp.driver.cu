#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_gfx_flow_warp");
  const int C = 2, W = 9, H = 7, npix = W * H, n = C * npix;
  Rng rng(1303);
  std::vector<double> img1 = rng.vec(n, 0.0, 1.0), img2 = rng.vec(n, 0.0, 1.0);
  // flow in [-1.6, 1.6], fractional source coordinates kept away from integers (floor kinks)
  std::vector<double> fl(2 * npix);
  for (auto& v : fl) {
    const double k = (double)(int)rng.uniform(-2.0, 2.0);
    v = k + (rng.uniform(0, 1) < 0.5 ? -1.0 : 1.0) * rng.uniform(0.15, 0.85) * 0.5 + (k == 0 ? 0.3 : 0.0);
  }
  for (int p = 0; p < npix; ++p) {
    for (int c = 0; c < 2; ++c) {  // distance of the fractional part from an integer
      double v = fl[2 * p + c], fr = v - std::floor(v);
      if (fr < 0.1) fl[2 * p + c] += 0.2;
      if (fr > 0.9) fl[2 * p + c] -= 0.2;
    }
  }
  auto as2 = [](const std::vector<double>& v) {
    return std::vector<double2>((const double2*)v.data(), (const double2*)v.data() + v.size() / 2);
  };
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n), out0 = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> di(img2), dout(out0);
    DeviceArray<double2> df(as2(fl));
    CUAD_LAUNCH(warp_bilinear, 2, 16, di.ptr, df.ptr, dout.ptr, C, W, H);
    return dot(w, dout.get());
  };
  DeviceArray<double> di(img2), ai(zeros<double>(n)), dout(out0), aout(w);
  DeviceArray<double2> df(as2(fl)), af(as2(zeros<double>(2 * npix)));
  CUAD_GRAD(CUAD_LAUNCH(warp_bilinear_grad_0_1_2, 2, 16, di.ptr, df.ptr, dout.ptr, C, W, H, ai.ptr,
                        af.ptr, aout.ptr));
  std::vector<double2> A = af.get();
  check.array("img", ai.get(), fd(img2, loss));
  check.array("flow", std::vector<double>((double*)A.data(), (double*)A.data() + 2 * npix), fd(fl, loss));
  check.array("out", aout.get(), zeros<double>(n));
#else
  const double eps = 0.05, lam = 0.3;
  auto loss = [&] { return photometric_loss(img1.data(), img2.data(), as2(fl).data(), C, W, H, eps, lam); };
  std::vector<double> ai(n, 0.0);
  std::vector<double2> hf = as2(fl), af = as2(zeros<double>(2 * npix));
  CUAD_GRAD(photometric_loss_grad_1_2(img1.data(), img2.data(), hf.data(), C, W, H, eps, lam,
                                      ai.data(), af.data()));
  check.array("img2", ai, fd(img2, loss));
  check.array("flow", std::vector<double>((double*)af.data(), (double*)af.data() + 2 * npix), fd(fl, loss));
#endif
  return check.finish();
}
