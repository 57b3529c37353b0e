#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Host replica of the kernel's comparisons for the driver's margins.
static double term(double x, int k) { return std::exp(-0.1 * k) * (x * x + 0.2); }

int main() {
  Checker check("rw22d_data_trips");
  const int rows = 45;
  Rng rng(2208);
  std::vector<int> rowptr(rows + 1, 0), col;
  std::vector<double> vals;
  for (int i = 0; i < rows; ++i) {
    const int len = (i * 7) % 6;  // 0..5 entries per row
    for (int k = 0; k < len; ++k) {
      col.push_back((i * 3 + k * 11) % rows);
      vals.push_back(rng.uniform(-0.5, 0.5));
    }
    rowptr[i + 1] = rowptr[i] + len;
  }
  if (col.empty()) col.push_back(0), vals.push_back(0.0);
  std::vector<double> x(rows), thresh(rows);
  for (int i = 0; i < rows; ++i) {
    // x with log2(1 + 20 x^2 + acc^2) away from an integer, and the search product away from 2
    for (;;) {
      x[i] = rng.uniform(-0.9, 0.9);
      if (std::fabs(x[i]) > 0.05) break;
    }
  }
  // fix x first, then fix up margins that depend on several entries
  for (int pass = 0; pass < 50; ++pass) {
    bool changed = false;
    for (int i = 0; i < rows; ++i) {
      double acc = 0.0;
      for (int k = rowptr[i]; k < rowptr[i + 1]; ++k) acc += vals[k] * x[col[k]];
      const double l2 = std::log2(1.0 + 20.0 * x[i] * x[i] + acc * acc);
      const double frac = l2 - std::floor(l2);
      double prod = 1.0, gap = 1e9;
      bool done = false;
      for (int a = 0; a < 4 && !done; ++a)
        for (int b = 0; b < 6; ++b) {
          const double xv = x[(i + a + b) % rows];
          prod *= 1.0 + 0.3 * xv * xv;
          gap = std::fmin(gap, std::fabs(prod - 2.0));
          if (prod > 2.0) {
            done = true;
            break;
          }
        }
      if (frac < 0.05 || frac > 0.95 || gap < 0.01) {
        x[i] = 0.9 * x[i] + 0.05;
        changed = true;
      }
    }
    if (!changed) break;
  }
  for (int i = 0; i < rows; ++i) {
    // a threshold halfway between two partial sums
    const int m = 1 + (i % 7);
    double s = 0.0;
    for (int k = 0; k < m; ++k) s += term(x[i], k);
    thresh[i] = s + 0.5 * term(x[i], m);
  }
  thresh[4] = -1.0;  // below zero: the while loop does not run
  std::vector<double> vx = rng.vec(rows), vvals = rng.vec(vals.size()), vthresh = rng.vec(rows);
  double g = 0.8, vg = 0.6;
  DeviceArray<int> drp(rowptr), dcol(col);
#if CUAD_OUTPUT == 2
  std::vector<double> w = rng.vec(3 * rows);
  auto loss = [&]() {
    DeviceArray<double> dv(vals), dx(x), dt(thresh), dout(zeros<double>(3 * rows));
    CUAD_LAUNCH(ragged, 2, 32, rows, drp.ptr, dcol.ptr, dv.ptr, dx.ptr, dt.ptr, g, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dv(vals), dx(x), dt(thresh), dout(zeros<double>(3 * rows)),
      av(zeros<double>(vals.size())), ax(zeros<double>(rows)), at(zeros<double>(rows)), aout(w);
  DeviceScalar<double> ag(0.0);
  CUAD_GRAD(CUAD_LAUNCH(ragged_grad_3_4_5_6_7, 2, 32, rows, drp.ptr, dcol.ptr, dv.ptr, dx.ptr, dt.ptr,
                        g, dout.ptr, av.ptr, ax.ptr, at.ptr, ag.ptr, aout.ptr));
  check.array("vals", av.get(), fd(vals, loss));
  check.array("x", ax.get(), fd(x, loss));
  check.array("thresh", at.get(), fd(thresh, loss));
  check.scalar("g", ag.value(), fd(g, loss));
#else
  auto outputs_at = [&](double t) {
    DeviceArray<double> dv(along(vals, t, vvals)), dx(along(x, t, vx)),
        dt(along(thresh, t, vthresh)), dout(zeros<double>(3 * rows));
    CUAD_LAUNCH(ragged, 2, 32, rows, drp.ptr, dcol.ptr, dv.ptr, dx.ptr, dt.ptr, along(g, t, vg),
                dout.ptr);
    return dout.get();
  };
  DeviceArray<double> dv(vals), d_v(vvals), dx(x), d_x(vx), dt(thresh), d_t(vthresh),
      dout(zeros<double>(3 * rows)), d_out(zeros<double>(3 * rows));
  CUAD_GRAD(CUAD_LAUNCH(ragged_pushforward, 2, 32, rows, drp.ptr, dcol.ptr, dv.ptr, dx.ptr, dt.ptr, g,
                        dout.ptr, d_v.ptr, d_x.ptr, d_t.ptr, vg, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
