#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static void invert_upper(Cell& c) {
  const double(*H)[3] = c.H;
  double(*G)[3] = c.Hinv;
  for (int r = 0; r < 3; ++r)
    for (int k = 0; k < 3; ++k) G[r][k] = 0.0;
  G[0][0] = 1.0 / H[0][0];
  G[1][1] = 1.0 / H[1][1];
  G[2][2] = 1.0 / H[2][2];
  G[0][1] = -H[0][1] / (H[0][0] * H[1][1]);
  G[1][2] = -H[1][2] / (H[1][1] * H[2][2]);
  G[0][2] = (H[0][1] * H[1][2] - H[0][2] * H[1][1]) / (H[0][0] * H[1][1] * H[2][2]);
}

int main() {
  Checker check("rw24d_triclinic_buck");
  Rng rng(24106);
  Cell cell{};
  const double H[3][3] = {{6.0, 1.2, 0.8}, {0.0, 5.8, -0.9}, {0.0, 0.0, 6.2}};
  for (int r = 0; r < 3; ++r)
    for (int k = 0; k < 3; ++k) cell.H[r][k] = H[r][k];
  invert_upper(cell);
#if CUAD_OUTPUT == 2
  double d[3] = {3.7, -4.1, 2.2};
  const double w[3] = {0.3, -0.7, 0.45};
  auto loss = [&] {
    double dd[3] = {d[0], d[1], d[2]};
    const double r2 = min_image_r2(cell, dd);
    return r2 + w[0] * dd[0] + w[1] * dd[1] + w[2] * dd[2];
  };
  Cell gc{};
  double gd[3] = {w[0], w[1], w[2]}, dd[3] = {d[0], d[1], d[2]};
  CUAD_GRAD(min_image_r2_grad(cell, dd, &gc, gd));
  for (int c = 0; c < 3; ++c) check.scalar(at("d", c), gd[c], fd(d[c], loss));
  for (int r = 0; r < 3; ++r)
    for (int k = 0; k < 3; ++k) {
      check.scalar(at(at("H", r), k), gc.H[r][k], fd(cell.H[r][k], loss));
      check.scalar(at(at("Hinv", r), k), gc.Hinv[r][k], fd(cell.Hinv[r][k], loss));
    }
#else
  const int n = 32;
  const double rc = 2.9, rlist = 3.3;
  auto dist2 = [&](const double* a, const double* b) {
    double d[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    return min_image_r2(cell, d);
  };
  std::vector<double> pos;
  for (int tries = 0; (int)pos.size() < 3 * n && tries < 100000; ++tries) {
    const double s[3] = {rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5)};
    double p[3];
    for (int r = 0; r < 3; ++r) p[r] = H[r][0] * s[0] + H[r][1] * s[1] + H[r][2] * s[2];
    bool ok = true;
    for (size_t j = 0; j < pos.size() / 3 && ok; ++j) {
      const double r = std::sqrt(dist2(p, &pos[3 * j]));
      if (r < 1.6 || std::fabs(r - rc) < 0.05) ok = false;
    }
    if (ok)
      for (int c = 0; c < 3; ++c) pos.push_back(p[c]);
  }
  check.expect((int)pos.size() == 3 * n, "placed every atom");
  std::vector<int> species(n), start(n + 1, 0), idx;
  for (int i = 0; i < n; ++i) species[i] = (i * 7) % 3 == 0 ? 1 : 0;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j)
      if (dist2(&pos[3 * i], &pos[3 * j]) < rlist * rlist) idx.push_back(j);
    start[i + 1] = (int)idx.size();
  }
  std::printf("%zu half-list pairs\n", idx.size());
  std::vector<double> A = {900.0, 1200.0, 1200.0, 1500.0}, rho = {0.30, 0.32, 0.32, 0.28}, C = {20.0, 5.0, 5.0, 28.0};
  std::vector<double> f0 = rng.vec(3 * n), e0 = rng.vec(n);
  DeviceArray<int> d_sp(species), d_st(start), d_idx(idx);
  auto run = [&](const std::vector<double>& p, const Cell& cl, const std::vector<double>& a, const std::vector<double>& rh,
                 const std::vector<double>& c, const std::vector<double>& fin, const std::vector<double>& ein) {
    DeviceArray<double> d_p(p), d_A(a), d_r(rh), d_C(c), d_f(fin), d_e(ein);
    CUAD_LAUNCH(buckingham_triclinic, 2, 16, n, d_p.ptr, d_sp.ptr, d_st.ptr, d_idx.ptr, cl, d_A.ptr, d_r.ptr, d_C.ptr,
                rc * rc, d_f.ptr, d_e.ptr);
    std::vector<double> out = d_f.get(), e = d_e.get();
    out.insert(out.end(), e.begin(), e.end());
    return out;
  };
  const std::vector<double> wf = rng.vec(3 * n), we = rng.vec(n);
  std::vector<double> w = wf;
  w.insert(w.end(), we.begin(), we.end());
  auto loss = [&] { return dot(w, run(pos, cell, A, rho, C, f0, e0)); };
  DeviceArray<double> d_p(pos), d_A(A), d_r(rho), d_C(C), d_f(f0), d_e(e0), g_p(zeros<double>(3 * n)),
      g_A(zeros<double>(4)), g_r(zeros<double>(4)), g_C(zeros<double>(4)), g_f(wf), g_e(we);
  DeviceArray<Cell> g_cell(std::vector<Cell>{Cell{}});
  CUAD_GRAD(CUAD_LAUNCH(buckingham_triclinic_grad_1_5_6_7_8_10_11, 2, 16, n, d_p.ptr, d_sp.ptr, d_st.ptr, d_idx.ptr, cell,
                        d_A.ptr, d_r.ptr, d_C.ptr, rc * rc, d_f.ptr, d_e.ptr, g_p.ptr, g_cell.ptr, g_A.ptr, g_r.ptr,
                        g_C.ptr, g_f.ptr, g_e.ptr));
  check.array("pos", g_p.get(), fd(pos, loss));
  const Cell gc = g_cell.get()[0];
  for (int r = 0; r < 3; ++r)
    for (int k = 0; k < 3; ++k) {
      check.scalar(at(at("H", r), k), gc.H[r][k], fd(cell.H[r][k], loss));
      check.scalar(at(at("Hinv", r), k), gc.Hinv[r][k], fd(cell.Hinv[r][k], loss));
    }
  check.array("A", g_A.get(), fd(A, loss));
  check.array("rho", g_r.get(), fd(rho, loss));
  check.array("C", g_C.get(), fd(C, loss));
  check.array("force", g_f.get(), fd(f0, loss));
  check.array("energy", g_e.get(), fd(e0, loss));
#endif
  return check.finish();
}
