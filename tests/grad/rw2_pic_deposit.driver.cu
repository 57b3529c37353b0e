#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_pic_deposit");
  const int np = 70, nx = 6, ny = 5;
  Grid2D g{nx, ny, 0.5f, 0.4f};
  Rng rng(208);
  std::vector<float> xp = rng.vec<float>(np, 0.0, nx * 0.5), yp = rng.vec<float>(np, 0.0, ny * 0.4),
                     qp = rng.vec<float>(np, 0.5, 1.5), rho = rng.vec<float>(nx * ny),
                     w = rng.vec<float>(nx * ny);
  for (int p = 0; p < np; ++p) {  // keep particles off cell faces (floor kinks)
    float fx = xp[p] / 0.5f - std::floor(xp[p] / 0.5f), fy = yp[p] / 0.4f - std::floor(yp[p] / 0.4f);
    if (fx < 0.05f || fx > 0.95f) xp[p] += 0.05f;
    if (fy < 0.05f || fy > 0.95f) yp[p] += 0.04f;
  }
  auto loss = [&] {
    DeviceArray<float> d_r(rho), d_x(xp), d_y(yp), d_q(qp);
    CUAD_LAUNCH(deposit_cic, 2, 32, d_r.ptr, d_x.ptr, d_y.ptr, d_q.ptr, np, g);
    return dot(w, d_r.get());
  };
  DeviceArray<float> d_r(rho), d_x(xp), d_y(yp), d_q(qp), a_r(w), a_x(zeros<float>(np)),
      a_y(zeros<float>(np)), a_q(zeros<float>(np));
  CUAD_GRAD(CUAD_LAUNCH(deposit_cic_grad_0_1_2_3, 2, 32, d_r.ptr, d_x.ptr, d_y.ptr, d_q.ptr, np, g,
                        a_r.ptr, a_x.ptr, a_y.ptr, a_q.ptr));
  check.array("rho", a_r.get(), fd(rho, loss));
  check.array("xp", a_x.get(), fd(xp, loss));
  check.array("yp", a_y.get(), fd(yp, loss));
  check.array("qp", a_q.get(), fd(qp, loss));
  return check.finish();
}
