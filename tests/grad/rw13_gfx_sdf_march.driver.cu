#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_gfx_sdf_march");
  const int W = 12, H = 10, K = 3;
  // three blended spheres in front of the camera
  std::vector<double> sp = {-0.45, 0.1, 0.3, 0.55, 0.4, -0.15, 0.5, 0.5, 0.05, 0.35, -0.2, 0.4};
  double kb = 6.0;
  auto as4 = [](const std::vector<double>& v) {
    return std::vector<double4>((const double4*)v.data(), (const double4*)v.data() + v.size() / 4);
  };
  Rng rng(1307);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(W * H), img0 = rng.vec(W * H);
  const dim3 grid(2, 3), block(8, 4);
  auto loss = [&] {
    DeviceArray<double4> ds(as4(sp));
    DeviceArray<double> di(img0);
    CUAD_LAUNCH(render_sdf, grid, block, ds.ptr, K, kb, di.ptr, W, H);
    return dot(w, di.get());
  };
  DeviceArray<double4> ds(as4(sp)), as(as4(zeros<double>(4 * K)));
  DeviceArray<double> di(img0), ai(w);
  CUAD_GRAD(CUAD_LAUNCH(render_sdf_grad_0_3, grid, block, ds.ptr, K, kb, di.ptr, W, H, as.ptr, ai.ptr));
  std::vector<double4> A = as.get();
  check.array("spheres", std::vector<double>((double*)A.data(), (double*)A.data() + 4 * K), fd(sp, loss));
  check.array("img", ai.get(), zeros<double>(W * H));
#else
  auto loss = [&] { return render_frame(as4(sp).data(), K, kb, W, H); };
  std::vector<double4> hs = as4(sp), as = as4(zeros<double>(4 * K));
  double ak = 0.0;
  CUAD_GRAD(render_frame_grad_0_2(hs.data(), K, kb, W, H, as.data(), &ak));
  check.array("spheres", std::vector<double>((double*)as.data(), (double*)as.data() + 4 * K), fd(sp, loss));
  check.scalar("k_blend", ak, fd(kb, loss));
#endif
  return check.finish();
}
