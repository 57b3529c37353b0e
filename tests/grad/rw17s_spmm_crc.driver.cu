#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw17s_spmm_crc");
  // 7 rows (2 warps per block: 4 blocks, the last with a warp past the rows), K = 23 columns of
  // A, F = 40 features (a full chunk of 32 and a partial one); row 1 has 45 nonzeros (two
  // stages), row 4 none, the others 1..9, with repeated columns.
  const int M = 7, K = 23, F = 40;
  Rng rng(17002);
  std::vector<int> rp = {0}, cj;
  for (int r = 0; r < M; ++r) {
    const int len = r == 1 ? 45 : r == 4 ? 0 : (int)rng.uniform(1, 10);
    for (int k = 0; k < len; ++k) cj.push_back((int)rng.uniform(0, K - 1e-9));
    rp.push_back((int)cj.size());
  }
  const int nnz = (int)cj.size();
  std::vector<double> val = rng.vec(nnz), B = rng.vec(K * F), C = zeros<double>(M * F),
                      w = rng.vec(M * F);
  DeviceArray<int> drp(rp), dcj(cj);
  auto loss = [&] {
    DeviceArray<double> dv(val), dB(B), dC(C);
    CUAD_LAUNCH((spmm_csr_crc<2>), 4, 64, M, F, drp.ptr, dcj.ptr, dv.ptr, dB.ptr, dC.ptr);
    return dot(w, dC.get());
  };
  DeviceArray<double> dv(val), dB(B), dC(C), gv(zeros<double>(nnz)), gB(zeros<double>(K * F)),
      gC(w);
  CUAD_GRAD(CUAD_LAUNCH((spmm_csr_crc_grad_4_5_6<2>), 4, 64, M, F, drp.ptr, dcj.ptr, dv.ptr,
                        dB.ptr, dC.ptr, gv.ptr, gB.ptr, gC.ptr));
  check.array("val", gv.get(), fd(val, loss));
  check.array("B", gB.get(), fd(B, loss));
  check.array("C", gC.get(), std::vector<double>(M * F, 0.0));
  return check.finish();
}
