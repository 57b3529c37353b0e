#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
__global__ void boys_many(int n, const double* T, int m_max, double* F) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) boys_eval(T[i], m_max, F + i * (BOYS_M + 1));
}
__global__ void boys_many_grad(int n, const double* T, int m_max, double* F, double* gT, double* gF) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) CUAD_GRAD(boys_eval_grad_0_2(T[i], m_max, F + i * (BOYS_M + 1), &gT[i], gF + i * (BOYS_M + 1)));
}
#endif

int main() {
  Checker check("rw25d_boys_table_ps");
  Rng rng(25409);
#if CUAD_OUTPUT == 1
  std::vector<double> tab;
  build_boys_table(tab);
  check_cuda(cudaMemcpyToSymbol(c_boys, tab.data(), tab.size() * sizeof(double)), "table");
  std::vector<double> T = {0.013, 0.26, 0.93, 2.71, 5.52, 8.08, 11.87, 12.6, 17.3, 31.0};
  const int n = (int)T.size(), m = n * (BOYS_M + 1);
  for (double t : T) {
    const double fr = t / BOYS_DT + 0.5 - std::floor(t / BOYS_DT + 0.5);
    check.expect(t > BOYS_TMAX || (fr > 0.01 && fr < 0.99), "T away from the grid midpoints");
  }
  const std::vector<double> w = rng.vec(m);
  auto loss = [&] {
    DeviceArray<double> dT(T), dF(zeros<double>(m));
    CUAD_LAUNCH(boys_many, 1, 32, n, dT.ptr, BOYS_M, dF.ptr);
    return dot(w, dF.get());
  };
  DeviceArray<double> dT(T), dF(zeros<double>(m)), gT(zeros<double>(n)), gF(w);
  CUAD_LAUNCH(boys_many_grad, 1, 32, n, dT.ptr, BOYS_M, dF.ptr, gT.ptr, gF.ptr);
  check.array("T", gT.get(), fd(T, loss));
  check.array("F", gF.get(), zeros<double>(m));
  // the table reproduces the series: F_0(0.93) and F_2(5.52)
  {
    std::vector<double> F = [&] {
      DeviceArray<double> a(T), b(zeros<double>(m));
      CUAD_LAUNCH(boys_many, 1, 32, n, a.ptr, BOYS_M, b.ptr);
      return b.get();
    }();
    check.expect(std::fabs(F[2 * 3] - 0.5 * std::sqrt(M_PI / 0.93) * std::erf(std::sqrt(0.93))) < 1e-9, "F0 accurate");
  }
#else
  const int np = 3, ns = 2, n_nuc = 3;
  std::vector<double> ap = {4.1, 1.05, 0.27}, as = {2.2, 0.48};
  std::vector<double> centers = {0.3, -0.4, 0.5, -0.6, 0.2, -0.1};
  std::vector<double> nuc = {0.9, 0.8, -0.7, 2.0, -1.1, 0.1, 0.3, 1.0, 0.05, -0.5, 0.6, 3.0};
  // Boys arguments on both sides of TMAX, away from grid midpoints
  int above = 0;
  for (int i = 0; i < np; ++i)
    for (int j = 0; j < ns; ++j)
      for (int c = 0; c < n_nuc; ++c) {
        const double g = ap[i] + as[j];
        double pc2 = 0;
        for (int d = 0; d < 3; ++d) {
          const double P = (ap[i] * centers[d] + as[j] * centers[3 + d]) / g;
          pc2 += std::pow(P - nuc[4 * c + d], 2);
        }
        const double t = g * pc2;
        const double fr = t / BOYS_DT + 0.5 - std::floor(t / BOYS_DT + 0.5);
        check.expect(t > BOYS_TMAX + 1e-3 || (fr > 0.01 && fr < 0.99), "T away from the grid midpoints");
        check.expect(std::fabs(t - BOYS_TMAX) > 1e-3, "T away from TMAX");
        above += t > BOYS_TMAX;
      }
  std::printf("Boys arguments above TMAX: %d of %d\n", above, np * ns * n_nuc);
  check.expect(above > 0 && above < np * ns * n_nuc, "both Boys branches");
  const int m = 3 * np * ns;
#if CUAD_OUTPUT == 2
  const std::vector<double> w = rng.vec(m);
  auto loss = [&] {
    std::vector<double> V(m, 0.0);
    nuclear_ps_host(np, ns, ap.data(), as.data(), centers.data(), n_nuc, nuc.data(), V.data());
    return dot(w, V);
  };
  std::vector<double> V(m, 0.0), gap(np, 0.0), gas(ns, 0.0), gc(6, 0.0), gn(4 * n_nuc, 0.0), gV = w;
  CUAD_GRAD(nuclear_ps_host_grad_2_3_4_6_7(np, ns, ap.data(), as.data(), centers.data(), n_nuc, nuc.data(), V.data(),
                                           gap.data(), gas.data(), gc.data(), gn.data(), gV.data()));
  check.array("alpha_p", gap, fd(ap, loss));
  check.array("alpha_s", gas, fd(as, loss));
  check.array("centers", gc, fd(centers, loss));
  check.array("nuc", gn, fd(nuc, loss));
  check.array("V", gV, zeros<double>(m));
#else
  const std::vector<double> vap = rng.vec(np, -0.2, 0.2), vas = rng.vec(ns, -0.2, 0.2), vc = rng.vec(6),
                            vn = rng.vec(4 * n_nuc);
  auto outputs_at = [&](double t) {
    std::vector<double> a = along(ap, t, vap), b = along(as, t, vas), c = along(centers, t, vc),
                        nn = along(nuc, t, vn), V(m, 0.0);
    nuclear_ps_host(np, ns, a.data(), b.data(), c.data(), n_nuc, nn.data(), V.data());
    return V;
  };
  std::vector<double> V(m, 0.0), tV(m, 0.0);
  CUAD_GRAD(nuclear_ps_host_pushforward(np, ns, ap.data(), as.data(), centers.data(), n_nuc, nuc.data(),
                                        V.data(), vap.data(), vas.data(), vc.data(), vn.data(), tV.data()));
  check.array("V tangent", tV, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("V value", V, outputs_at(0.0));
#endif
#endif
#endif
  return check.finish();
}
