#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22g_jacobi_eig4");
  // Gradients whose tapes spill to device malloc: compute-sanitizer's instrumented malloc needs
  // more stack than a 2 KB tape frame leaves (README: per-thread tapes).
  check_cuda(cudaDeviceSetLimit(cudaLimitStackSize, 8 * 1024), "cudaDeviceSetLimit");
  const int nm = 8, n = 4;
  Rng rng(22710);
  std::vector<double> A = rng.vec(nm * n * n, -1.0, 1.0);  // not symmetric: the kernel symmetrizes
  for (int q = 0; q < nm; ++q)
    for (int i = 0; i < n; ++i) A[q * 16 + i * n + i] += 1.2 * i - 1.8;  // spread eigenvalues
  std::vector<double> ev0(nm * n, 0.0), V0(nm * n * n, 0.0);
  std::vector<int> sw0(nm, -1);
  auto run = [&](const std::vector<double>& aa, std::vector<int>* sw) {
    DeviceArray<double> dA(aa), de(ev0), dV(V0);
    DeviceArray<int> ds(sw0);
    CUAD_LAUNCH(jacobi_eig4, 1, 32, nm, dA.ptr, de.ptr, dV.ptr, ds.ptr);
    if (sw) *sw = ds.get();
    std::vector<double> out = de.get(), v = dV.get();
    out.insert(out.end(), v.begin(), v.end());
    return out;
  };
  {  // S V = V diag(e), distinct eigenvalues, converged before the sweep budget
    std::vector<int> sw;
    const std::vector<double> o = run(A, &sw);
    double res = 0.0, gap = 1e30;
    int maxsw = 0;
    for (int q = 0; q < nm; ++q) {
      maxsw = sw[q] > maxsw ? sw[q] : maxsw;
      for (int i = 0; i < n; ++i) {
        for (int j = i + 1; j < n; ++j)
          gap = std::fmin(gap, std::fabs(o[q * n + i] - o[q * n + j]));
        for (int k = 0; k < n; ++k) {
          double s = 0.0;
          for (int l = 0; l < n; ++l)
            s += 0.5 * (A[q * 16 + k * n + l] + A[q * 16 + l * n + k]) * o[nm * n + q * 16 + l * n + i];
          res = std::fmax(res, std::fabs(s - o[q * n + i] * o[nm * n + q * 16 + k * n + i]));
        }
      }
    }
    check.expect(res < 1e-10, "S V = V diag(e)");
    check.expect(gap > 0.05, "distinct eigenvalues");
    check.expect(maxsw < 8 && maxsw >= 3, "converged in 3..7 sweeps");
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(ev0.size() + V0.size());
  auto loss = [&] { return dot(w, run(A, nullptr)); };
  const std::vector<double> we(w.begin(), w.begin() + ev0.size()), wV(w.begin() + ev0.size(), w.end());
  DeviceArray<double> dA(A), de(ev0), dV(V0), gA(zeros<double>(A.size())), ge(we), gV(wV);
  DeviceArray<int> ds(sw0);
  CUAD_GRAD(CUAD_LAUNCH(jacobi_eig4_grad_1_2_3, 1, 32, nm, dA.ptr, de.ptr, dV.ptr, ds.ptr, gA.ptr,
                        ge.ptr, gV.ptr));
  check.array("A", gA.get(), fd(A, loss));
  check.array("evals", ge.get(), zeros<double>(ev0.size()));
  check.array("evecs", gV.get(), zeros<double>(V0.size()));
#else
  const std::vector<double> vA = rng.vec(A.size());
  auto outputs_at = [&](double s) { return run(along(A, s, vA), nullptr); };
  DeviceArray<double> dA(A), de(ev0), dV(V0), tA(vA), te(zeros<double>(ev0.size())),
      tV(zeros<double>(V0.size()));
  DeviceArray<int> ds(sw0);
  CUAD_GRAD(CUAD_LAUNCH(jacobi_eig4_pushforward, 1, 32, nm, dA.ptr, de.ptr, dV.ptr, ds.ptr, tA.ptr,
                        te.ptr, tV.ptr));
  std::vector<double> got = te.get(), v = tV.get();
  got.insert(got.end(), v.begin(), v.end());
  check.array("evals, evecs tangent", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
