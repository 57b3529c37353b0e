#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// A polynomial fit shaped like a seawater EOS (anomaly in kg/m^3): mostly -alpha T + beta S
// + compressibility, with small higher-order terms.
static std::vector<double> eos_coefs() {
  using namespace ocean_eos;
  std::vector<double> c(NT * NS * NP, 0.0);
  auto at = [&](int i, int j, int k) -> double& { return c[(i * NS + j) * NP + k]; };
  at(0, 0, 0) = 28.1;
  at(1, 0, 0) = -2.2;
  at(2, 0, 0) = -5.1;
  at(3, 0, 0) = 0.6;
  at(0, 1, 0) = 3.9;
  at(1, 1, 0) = -0.35;
  at(0, 2, 0) = 0.08;
  at(2, 1, 0) = 0.12;
  at(0, 0, 1) = 4.6;
  at(1, 0, 1) = -0.45;
  at(0, 0, 2) = -0.09;
  at(0, 1, 1) = -0.07;
  at(1, 1, 1) = 0.02;
  at(2, 0, 1) = 0.05;
  at(1, 2, 2) = 0.003;
  at(3, 2, 2) = -0.001;
  return c;
}

#if !defined(CUAD_SELFTEST) && CUAD_OUTPUT == 3
__global__ void sigma_grad_cells(int n, const double* t, const double* s, const double* p, double* gt, double* gs,
                                 double* gp) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double a = 0, b = 0, c = 0;
  ocean_eos::sigma_insitu_grad<double>(t[i], s[i], p[i], &a, &b, &c);
  gt[i] = a;
  gs[i] = b;
  gp[i] = c;
}
#endif
__global__ void sigma_cells(int n, const double* t, const double* s, const double* p, double* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = ocean_eos::sigma_insitu<double>(t[i], s[i], p[i]);
}

int main() {
  Checker check("rw26f_eos_stratification");
  const std::vector<double> coef = eos_coefs();
  check_cuda(cudaMemcpyToSymbol(c_eos, coef.data(), coef.size() * sizeof(double)), "symbol");
  Rng rng(26607);
#if CUAD_OUTPUT == 3
  const int n = 40;
  std::vector<double> t = rng.vec(n, -1.0, 28.0), s = rng.vec(n, 33.0, 37.0), p = rng.vec(n, 0.0, 4000.0);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dt(t), ds(s), dp(p), o(zeros<double>(n));
    CUAD_LAUNCH(sigma_cells, 2, 32, n, dt.ptr, ds.ptr, dp.ptr, o.ptr);
    return dot(w, o.get());
  };
  DeviceArray<double> dt(t), ds(s), dp(p), gt(zeros<double>(n)), gs(zeros<double>(n)), gp(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(sigma_grad_cells, 2, 32, n, dt.ptr, ds.ptr, dp.ptr, gt.ptr, gs.ptr, gp.ptr));
  std::vector<double> a = gt.get(), b = gs.get(), c = gp.get();
  for (int i = 0; i < n; ++i) a[i] *= w[i], b[i] *= w[i], c[i] *= w[i];
  check.array("t", a, fd(t, loss));
  check.array("s", b, fd(s, loss));
  check.array("p", c, fd(p, loss));
#else
#if CUAD_OUTPUT == 1
  using Real = float;
#else
  using Real = double;
#endif
  const int ncol = 36, nzmax = 14;
  std::vector<int> nwet(ncol);
  std::vector<Real> zlev(nzmax), temp(ncol * nzmax), salt(ncol * nzmax);
  for (int k = 0; k < nzmax; ++k) zlev[k] = (Real)(5.0 + 12.0 * k + 2.0 * k * k);
  for (int c = 0; c < ncol; ++c) {
    nwet[c] = (c % 5 == 0) ? nzmax : 3 + (c * 7) % (nzmax - 3);
    for (int k = 0; k < nzmax; ++k) {
      const double z = zlev[k];
      temp[c * nzmax + k] = (Real)(2.0 + 22.0 * std::exp(-z / 150.0) + rng.uniform(-0.5, 0.5));
      salt[c * nzmax + k] = (Real)(34.5 + 0.8 * std::exp(-z / 300.0) + rng.uniform(-0.1, 0.1));
    }
  }
  DeviceArray<int> d_nw(nwet);
  DeviceArray<Real> d_z(zlev);
  auto run = [&](const std::vector<Real>& t, const std::vector<Real>& s, const std::vector<Real>& n2in) {
    DeviceArray<Real> dt(t), ds(s), dn(n2in), dpe(zeros<Real>(ncol));
    CUAD_LAUNCH(eos_column<Real>, 2, 32, ncol, nzmax, d_nw.ptr, dt.ptr, ds.ptr, d_z.ptr, dn.ptr, dpe.ptr);
    std::vector<Real> o = dn.get(), e = dpe.get();
    o.insert(o.end(), e.begin(), e.end());
    return o;
  };
#if CUAD_OUTPUT == 1
  // n2 is ~1e-4; weight it up so both outputs matter in the objective. Levels below the wet
  // ones are never written: they keep the fill value the caller left there (land mask), and
  // their adjoint is the seed passed through.
  std::vector<Real> wn = rng.vec<Real>(ncol * nzmax, -1e3, 1e3), we = rng.vec<Real>(ncol, -1e-5, 1e-5);
  std::vector<Real> n2fill = rng.vec<Real>(ncol * nzmax, -1e-4, 1e-4);
  auto loss = [&] {
    std::vector<Real> o = run(temp, salt, n2fill);
    std::vector<Real> w = wn;
    w.insert(w.end(), we.begin(), we.end());
    return dot(w, o);
  };
  DeviceArray<Real> dt(temp), ds(salt), dn(n2fill), dpe(zeros<Real>(ncol)), gt(zeros<Real>(ncol * nzmax)),
      gs(zeros<Real>(ncol * nzmax)), gn(wn), gpe(we);
  CUAD_GRAD(CUAD_LAUNCH(eos_column_grad_3_4_6_7<float>, 2, 32, ncol, nzmax, d_nw.ptr, dt.ptr, ds.ptr, d_z.ptr,
                        dn.ptr, dpe.ptr, gt.ptr, gs.ptr, gn.ptr, gpe.ptr));
  check.array("temp", gt.get(), fd(temp, loss));
  check.array("salt", gs.get(), fd(salt, loss));
  check.array("n2 (unwritten entries pass their seed through)", gn.get(), fd(n2fill, loss));
#else
  const std::vector<Real> vt = rng.vec(ncol * nzmax), vs = rng.vec(ncol * nzmax, -0.1, 0.1);
  const std::vector<Real> vz = rng.vec(nzmax, -0.5, 0.5);
  auto outputs_at = [&](double t) {
    DeviceArray<Real> dz(along(zlev, t, vz)), dt(along(temp, t, vt)), ds(along(salt, t, vs)),
        dn(zeros<Real>(ncol * nzmax)), dpe(zeros<Real>(ncol));
    CUAD_LAUNCH(eos_column<Real>, 2, 32, ncol, nzmax, d_nw.ptr, dt.ptr, ds.ptr, dz.ptr, dn.ptr, dpe.ptr);
    std::vector<Real> o = dn.get(), e = dpe.get();
    for (int c = 0; c < ncol; ++c)
      for (int k = nwet[c]; k < nzmax; ++k) o[c * nzmax + k] = 0;
    o.insert(o.end(), e.begin(), e.end());
    return o;
  };
  DeviceArray<Real> dt(temp), ds(salt), dn(zeros<Real>(ncol * nzmax)), dpe(zeros<Real>(ncol)), tt(vt), ts(vs),
      tz(vz), tn(zeros<Real>(ncol * nzmax)), tpe(zeros<Real>(ncol));
  CUAD_GRAD(CUAD_LAUNCH(eos_column_pushforward<double>, 2, 32, ncol, nzmax, d_nw.ptr, dt.ptr, ds.ptr, d_z.ptr,
                        dn.ptr, dpe.ptr, tt.ptr, ts.ptr, tz.ptr, tn.ptr, tpe.ptr));
  std::vector<Real> o = tn.get(), e = tpe.get();
  o.insert(o.end(), e.begin(), e.end());
  // pe reaches 1e7 (J/m^2): its central differences carry ~eps*1e7/h = 1e-3 of rounding
  check.array("tangent", o, directional_fd<Real>(outputs_at), Tol{5e-3, 1e-5});
#endif
#endif
  return check.finish();
}
