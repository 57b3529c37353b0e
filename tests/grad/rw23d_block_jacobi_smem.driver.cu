#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
using namespace cuad_test;

int main() {
  Checker check("rw23d_block_jacobi_smem");
  Rng rng(23015);
  const int n = 40, sweeps = 4;  // 3 blocks, the last partial
  const double omega = 0.7;
  std::vector<int> rp = {0}, col;
  std::vector<double> vals;
  for (int i = 0; i < n; ++i) {
    std::vector<int> cs = {i};
    if (i > 0) cs.push_back(i - 1);
    if (i < n - 1) cs.push_back(i + 1);
    for (int q = 0; q < 2; ++q) cs.push_back((int)rng.uniform(0, n - 1e-9));
    std::sort(cs.begin(), cs.end());
    cs.erase(std::unique(cs.begin(), cs.end()), cs.end());
    for (int c : cs) col.push_back(c), vals.push_back(c == i ? rng.uniform(3.0, 4.0) : rng.uniform(-0.8, 0.8));
    rp.push_back((int)col.size());
  }
  const int nnz = (int)col.size();
  std::vector<double> b = rng.vec(n), x = rng.vec(n), out = rng.vec(n);
  const std::vector<double> w = rng.vec(n);
  DeviceArray<int> d_rp(rp), d_col(col);
  const int blocks = (n + BS - 1) / BS;
  auto loss = [&] {
    DeviceArray<double> dv(vals), db(b), dx(x), dout(out);
    CUAD_LAUNCH(block_jacobi_smoother, blocks, BS, n, d_rp.ptr, d_col.ptr, dv.ptr, db.ptr, dx.ptr, omega, sweeps,
                dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dv(vals), db(b), dx(x), dout(out), gv(zeros<double>(nnz)), gb(zeros<double>(n)),
      gx(zeros<double>(n)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(block_jacobi_smoother_grad_3_4_5_8, blocks, BS, n, d_rp.ptr, d_col.ptr, dv.ptr, db.ptr, dx.ptr,
                        omega, sweeps, dout.ptr, gv.ptr, gb.ptr, gx.ptr, gout.ptr));
  check.array("vals", gv.get(), fd(vals, loss));
  check.array("b", gb.get(), fd(b, loss));
  check.array("x", gx.get(), fd(x, loss));
  check.array("out", gout.get(), zeros<double>(n));
  return check.finish();
}
