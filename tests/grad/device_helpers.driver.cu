#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("device_helpers");
  const int w = 12, h = 5;
  Rng rng(58);
  std::vector<double> img = rng.vec(w * h, 0.0, 2.0), out = rng.vec(w * h), wo = rng.vec(w * h);
  double total = 0.3, wt = 0.7;
  auto loss = [&] {
    DeviceArray<double> d_img(img), d_out(out), d_total(std::vector<double>{total});
    CUAD_LAUNCH(k, dim3(2, 2), dim3(8, 4), d_img.ptr, d_out.ptr, d_total.ptr, w, h);
    return dot(wo, d_out.get()) + wt * d_total.get()[0];
  };
  DeviceArray<double> d_img(img), d_out(out), d_total(std::vector<double>{total}),
      a_img(zeros<double>(w * h)), a_out(wo), a_total(std::vector<double>{wt});
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1_2, dim3(2, 2), dim3(8, 4), d_img.ptr, d_out.ptr, d_total.ptr,
                        w, h, a_img.ptr, a_out.ptr, a_total.ptr));
  check.array("img", a_img.get(), fd(img, loss));
  check.array("out", a_out.get(), fd(out, loss));
  check.scalar("total", a_total.get()[0], fd(total, loss));
  return check.finish();
}
