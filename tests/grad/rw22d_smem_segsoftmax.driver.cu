#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22d_smem_segsoftmax");
  const int lens[] = {1, 5, 64, 70, 150, 33, 128, 2};
  const int rows = 8;
  std::vector<int> offs(rows + 1, 0);
  for (int r = 0; r < rows; ++r) offs[r + 1] = offs[r] + lens[r];
  const int n = offs[rows];
  Rng rng(2206);
  // distinct values: the maximum of each segment is unique by a margin
  std::vector<double> x(n);
  for (int k = 0; k < n; ++k) x[k] = -2.0 + 4.0 * ((k * 37) % n) / (double)n + rng.uniform(0, 0.01);
  std::vector<double> bias = rng.vec(rows), vx = rng.vec(n), vbias = rng.vec(rows);
  double temp = 0.7, vtemp = 0.2;
  DeviceArray<int> doffs(offs);
#if CUAD_OUTPUT == 2
  std::vector<double> wy = rng.vec(n), wl = rng.vec(rows), we = {0.6}, e0 = {0.1};
  auto loss = [&]() {
    DeviceArray<double> dx(x), db(bias), dy(zeros<double>(n)), dl(zeros<double>(rows)),
        de(e0);
    CUAD_LAUNCH(seg_softmax, rows, BLOCK, doffs.ptr, dx.ptr, db.ptr, temp, dy.ptr, dl.ptr, de.ptr);
    return dot(wy, dy.get()) + dot(wl, dl.get()) + dot(we, de.get());
  };
  DeviceArray<double> dx(x), db(bias), dy(zeros<double>(n)), dl(zeros<double>(rows)),
      de(e0), ax(zeros<double>(n)), ab(zeros<double>(rows)), ay(wy), al(wl),
      ae(we);
  DeviceScalar<double> at(0.0);
  CUAD_GRAD(CUAD_LAUNCH(seg_softmax_grad_1_2_3_4_5_6, rows, BLOCK, doffs.ptr, dx.ptr, db.ptr, temp,
                        dy.ptr, dl.ptr, de.ptr, ax.ptr, ab.ptr, at.ptr, ay.ptr, al.ptr, ae.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("bias", ab.get(), fd(bias, loss));
  check.scalar("temp", at.value(), fd(temp, loss));
  check.array("entropy (read and written)", ae.get(), fd(e0, loss));
  check.array("y (only written)", ay.get(), std::vector<double>(n, 0.0));
  check.array("lse (only written)", al.get(), std::vector<double>(rows, 0.0));
#else
  std::vector<double> e0 = {0.1}, ve0 = {-0.2};
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), db(along(bias, t, vbias)), dy(zeros<double>(n)),
        dl(zeros<double>(rows)), de(along(e0, t, ve0));
    CUAD_LAUNCH(seg_softmax, rows, BLOCK, doffs.ptr, dx.ptr, db.ptr, along(temp, t, vtemp), dy.ptr,
                dl.ptr, de.ptr);
    std::vector<double> out = dy.get(), l = dl.get(), e = de.get();
    out.insert(out.end(), l.begin(), l.end());
    out.insert(out.end(), e.begin(), e.end());
    return out;
  };
  DeviceArray<double> dx(x), d_x(vx), db(bias), d_b(vbias), dy(zeros<double>(n)),
      d_y(zeros<double>(n)), dl(zeros<double>(rows)), d_l(zeros<double>(rows)), de(e0), d_e(ve0);
  CUAD_GRAD(CUAD_LAUNCH(seg_softmax_pushforward, rows, BLOCK, doffs.ptr, dx.ptr, db.ptr, temp,
                        dy.ptr, dl.ptr, de.ptr, d_x.ptr, d_b.ptr, vtemp, d_y.ptr, d_l.ptr,
                        d_e.ptr));
  std::vector<double> tan = d_y.get(), l = d_l.get(), e = d_e.get();
  tan.insert(tan.end(), l.begin(), l.end());
  tan.insert(tan.end(), e.begin(), e.end());
  check.array("y,lse,entropy", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
