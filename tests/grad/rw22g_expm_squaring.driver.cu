#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22g_expm_squaring");
  // Gradients whose tapes spill to device malloc: compute-sanitizer's instrumented malloc needs
  // more stack than a 2 KB tape frame leaves (README: per-thread tapes).
  check_cuda(cudaDeviceSetLimit(cudaLimitStackSize, 8 * 1024), "cudaDeviceSetLimit");
  const int nm = 10, n = 4;
  Rng rng(22709);
  std::vector<double> A;
  while ((int)A.size() < nm * n * n) {  // norms spread over 0.3 .. 6, away from 0.5 * 2^k
    const double mag = 0.1 + 1.5 * (A.size() / (n * n)) / nm;
    std::vector<double> m = rng.vec(n * n, -mag, mag);
    double nrm = 0.0;
    for (int i = 0; i < n; ++i) {
      double rs = 0.0;
      for (int j = 0; j < n; ++j) rs += std::fabs(m[i * n + j]);
      nrm = std::fmax(nrm, rs);
    }
    const double l = std::log2(nrm / 0.5);
    if (std::fabs(l - std::round(l)) < 0.05) continue;
    A.insert(A.end(), m.begin(), m.end());
  }
  std::vector<double> E0(A.size(), 0.0);
  std::vector<int> s0(nm, -1);
  auto run = [&](const std::vector<double>& aa, std::vector<int>* sq) {
    DeviceArray<double> dA(aa), dE(E0);
    DeviceArray<int> ds(s0);
    CUAD_LAUNCH(expm_batch, 1, 32, nm, dA.ptr, dE.ptr, ds.ptr);
    if (sq) *sq = ds.get();
    return dE.get();
  };
  {  // det(exp(A)) = exp(trace A), and several matrices need squarings
    std::vector<int> sq;
    const std::vector<double> Ev = run(A, &sq);
    double worst = 0.0;
    int with = 0;
    for (int q = 0; q < nm; ++q) {
      // 4x4 determinant by cofactor-free elimination (no pivoting needed: exp(A) near I*scale)
      double M[16];
      for (int k = 0; k < 16; ++k) M[k] = Ev[q * 16 + k];
      double det = 1.0;
      for (int k = 0; k < 4; ++k) {
        det *= M[k * 4 + k];
        for (int i = k + 1; i < 4; ++i) {
          const double l = M[i * 4 + k] / M[k * 4 + k];
          for (int j = k; j < 4; ++j) M[i * 4 + j] -= l * M[k * 4 + j];
        }
      }
      const double tr = A[q * 16] + A[q * 16 + 5] + A[q * 16 + 10] + A[q * 16 + 15];
      worst = std::fmax(worst, std::fabs(det / std::exp(tr) - 1.0));
      with += sq[q] >= 2;
    }
    check.expect(worst < 1e-9, "det exp(A) = exp(tr A)");
    check.expect(with >= 3, "some matrices are squared twice or more");
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(E0.size());
  auto loss = [&] { return dot(w, run(A, nullptr)); };
  DeviceArray<double> dA(A), dE(E0), gA(zeros<double>(A.size())), gE(w);
  DeviceArray<int> ds(s0);
  CUAD_GRAD(CUAD_LAUNCH(expm_batch_grad_1_2, 1, 32, nm, dA.ptr, dE.ptr, ds.ptr, gA.ptr, gE.ptr));
  check.array("A", gA.get(), fd(A, loss));
  check.array("E", gE.get(), zeros<double>(E0.size()));
#else
  const std::vector<double> vA = rng.vec(A.size());
  auto outputs_at = [&](double s) { return run(along(A, s, vA), nullptr); };
  DeviceArray<double> dA(A), dE(E0), tA(vA), tE(zeros<double>(E0.size()));
  DeviceArray<int> ds(s0);
  CUAD_GRAD(CUAD_LAUNCH(expm_batch_pushforward, 1, 32, nm, dA.ptr, dE.ptr, ds.ptr, tA.ptr, tE.ptr));
  check.array("E tangent", tE.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
