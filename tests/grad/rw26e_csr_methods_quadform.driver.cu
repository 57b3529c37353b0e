#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 2
// Calls the generated __device__ gradient for every row: d(sum_r c_r E_r) by scaling the
// seed-1 gradients by c_r into per-row scratch (each thread owns its scratch rows).
__global__ void drive_row_grad(int n, int nnz, const int64_t* rp, const int* col, const double* w,
                               const double* x, const double* c, double* gx_rows, double* gw_rows) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n) return;
#ifndef CUAD_SELFTEST
  edge_energy_row_grad_2_3(rp, col, w, x, r, gw_rows + (size_t)r * nnz, gx_rows + (size_t)r * n);
#endif
  (void)c;
}
__global__ void drive_row(int n, const int64_t* rp, const int* col, const double* w, const double* x,
                          double* e) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < n) e[r] = edge_energy_row(rp, col, w, x, r);
}
#endif

int main() {
  Checker check("rw26e_csr_methods_quadform");
  Rng rng(26511);
  const int n = 75;  // 2 blocks of 64, the second partial
  std::vector<int64_t> rp = {0};
  std::vector<int> col;
  for (int i = 0; i < n; ++i) {
    const int deg = i % 11 == 0 ? 0 : 1 + (i * 7) % 5;
    for (int t = 0; t < deg; ++t) col.push_back((i + 1 + t * 13 + t * t) % n);
    rp.push_back((int64_t)col.size());
  }
  const int nnz = (int)col.size();
  std::vector<double> x = rng.vec(n), w = rng.vec(nnz, 0.2, 1.2);
  DeviceArray<int64_t> drp(rp);
  DeviceArray<int> dcol(col);
#if CUAD_OUTPUT == 1
  const double seed = 0.7, out0 = 0.3;
  auto loss = [&] {
    DeviceArray<double> dw(w), dx(x), dout(std::vector<double>{out0});
    CsrView A{drp.ptr, dcol.ptr, dw.ptr, n};
    CUAD_LAUNCH(laplacian_energy, 2, BLOCK, A, dx.ptr, dout.ptr);
    return seed * dout.get()[0];
  };
  DeviceArray<double> dw(w), dx(x), dout(std::vector<double>{out0}), gx(zeros<double>(n)),
      gout(std::vector<double>{seed});
  CsrView A{drp.ptr, dcol.ptr, dw.ptr, n};
  CUAD_GRAD(CUAD_LAUNCH(laplacian_energy_grad_1_2, 2, BLOCK, A, dx.ptr, dout.ptr, gx.ptr, gout.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.scalar("out", gout.get()[0], seed);  // out += ...: the adjoint passes through
#else
  const std::vector<double> c = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dw(w), dx(x), de(zeros<double>(n));
    CUAD_LAUNCH(drive_row, 2, BLOCK, n, drp.ptr, dcol.ptr, dw.ptr, dx.ptr, de.ptr);
    return dot(c, de.get());
  };
  DeviceArray<double> dw(w), dx(x), dc(c), gxr(zeros<double>((size_t)n * n)), gwr(zeros<double>((size_t)n * nnz));
  CUAD_LAUNCH(drive_row_grad, 2, BLOCK, n, nnz, drp.ptr, dcol.ptr, dw.ptr, dx.ptr, dc.ptr, gxr.ptr, gwr.ptr);
  const std::vector<double> hx = gxr.get(), hw = gwr.get();
  std::vector<double> gx(n, 0.0), gw(nnz, 0.0);
  for (int r = 0; r < n; ++r) {
    for (int i = 0; i < n; ++i) gx[i] += c[r] * hx[(size_t)r * n + i];
    for (int k = 0; k < nnz; ++k) gw[k] += c[r] * hw[(size_t)r * nnz + k];
  }
  check.array("x", gx, fd(x, loss));
  check.array("w", gw, fd(w, loss));
#endif
  return check.finish();
}
