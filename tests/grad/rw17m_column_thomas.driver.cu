#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw17m_column_thomas");
  const int ncol = 40;  // 32 threads stride over 40 columns
  const double dt = 0.8;
  Rng rng(1701);
  std::vector<double> dz(NZ);
  for (int k = 0; k < NZ; ++k) dz[k] = 0.5 + 0.1 * k;
  cudaMemcpyToSymbol(c_dz, dz.data(), NZ * sizeof(double));
  std::vector<double> T(NZ * ncol), kz = rng.vec(NZ * ncol, 0.2, 1.5), flux = rng.vec(ncol, -0.5, 0.5),
                      w = rng.vec(NZ * ncol);
  for (int k = 0; k < NZ; ++k)
    for (int c = 0; c < ncol; ++c) T[k * ncol + c] = 0.3 * k + rng.uniform(-0.2, 0.2);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dT(T), dk(kz), df(flux);
    CUAD_LAUNCH(vdiff_column, 1, 32, dT.ptr, dk.ptr, df.ptr, dt, ncol);
    return dot(w, dT.get());
  };
  DeviceArray<double> dT(T), dk(kz), df(flux), aT(w), ak(zeros<double>(NZ * ncol)), af(zeros<double>(ncol));
  CUAD_GRAD(CUAD_LAUNCH(vdiff_column_grad_0_1_2, 1, 32, dT.ptr, dk.ptr, df.ptr, dt, ncol, aT.ptr, ak.ptr, af.ptr));
  check.array("T", aT.get(), fd(T, loss));
  check.array("kz", ak.get(), fd(kz, loss));
  check.array("sfc_flux", af.get(), fd(flux, loss));
#else
  std::vector<double> vT = rng.vec(NZ * ncol), vk = rng.vec(NZ * ncol), vf = rng.vec(ncol);
  const double vdt = 0.3;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dT(along(T, t, vT)), dk(along(kz, t, vk)), df(along(flux, t, vf));
    CUAD_LAUNCH(vdiff_column, 1, 32, dT.ptr, dk.ptr, df.ptr, along(dt, t, vdt), ncol);
    return dT.get();
  };
  DeviceArray<double> dT(T), dk(kz), df(flux), tT(vT), tk(vk), tf(vf);
  CUAD_GRAD(CUAD_LAUNCH(vdiff_column_pushforward, 1, 32, dT.ptr, dk.ptr, df.ptr, dt, ncol, tT.ptr, tk.ptr, tf.ptr, vdt));
  check.array("T", tT.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
