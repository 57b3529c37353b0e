#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw14_ext_focal_ls_loss");
  const int64_t rows = 7, K = 45, ignore_index = -100;
  const std::vector<int64_t> target = {3, 44, -100, 0, 17, 31, 8};
  const double inv_valid = 1.0 / 6.0, gamma = 1.5, eps = 0.1;
  const int block = 64;  // two warps per block, 4 blocks: the last warp has no row
  Rng rng(14008);
  std::vector<double> logits = rng.vec(rows * K, -2.0, 2.0), alpha = rng.vec(K, 0.25, 1.0),
                      row_loss = zeros<double>(rows);
  double total = 0.3;  // accumulated into
  const std::vector<double> w = rng.vec(rows);
  const double w_total = 0.7;
  DeviceArray<int64_t> tg(target);
  auto loss = [&] {
    DeviceArray<double> x(logits), a(alpha), r(row_loss);
    DeviceScalar<double> tot(total);
    CUAD_LAUNCH(focal_ls_loss_kernel<double>, 4, block, x.ptr, tg.ptr, a.ptr, r.ptr, tot.ptr,
                rows, K, gamma, eps, ignore_index, inv_valid);
    return dot(w, r.get()) + w_total * tot.value();
  };
  DeviceArray<double> x(logits), a(alpha), r(row_loss), a_x(zeros<double>(rows * K)),
      a_a(zeros<double>(K)), a_r(w);
  DeviceScalar<double> tot(total), a_tot(w_total);
  CUAD_GRAD(CUAD_LAUNCH(focal_ls_loss_kernel_grad_0_2_3_4<double>, 4, block, x.ptr, tg.ptr,
                        a.ptr, r.ptr, tot.ptr, rows, K, gamma, eps, ignore_index, inv_valid,
                        a_x.ptr, a_a.ptr, a_r.ptr, a_tot.ptr));
  check.array("logits", a_x.get(), fd(logits, loss));
  check.array("alpha", a_a.get(), fd(alpha, loss));
  check.array("row_loss", a_r.get(), fd(row_loss, loss));
  check.scalar("total", a_tot.value(), fd(total, loss));
  return check.finish();
}
