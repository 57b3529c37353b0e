#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static double2* c2(double* p) { return reinterpret_cast<double2*>(p); }

int main() {
  Checker check("rw6_complex_prop");
  const int64_t n = 37;  // 2 blocks of 32 (the second partial), 2 fields on blockIdx.y
  const int nb = 2;
  const double gamma = 0.7;
  Rng rng(6067);
  // re/im interleaved doubles, viewed as double2 on the device
  std::vector<double> psi = rng.vec<double>(2 * n * nb), V = rng.vec<double>(n),
                      out0 = zeros<double>(2 * n * nb), w = rng.vec<double>(2 * n * nb);
  const dim3 grid(2, nb);
  auto run = [&](const std::vector<double>& pv, const std::vector<double>& vv) {
    DeviceArray<double> d_psi(pv), d_V(vv), d_out(out0);
    CUAD_LAUNCH(split_step, grid, 32, c2(d_psi.ptr), d_V.ptr, c2(d_out.ptr), n, gamma);
    return d_out.get();
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(psi, V)); };
  DeviceArray<double> d_psi(psi), d_V(V), d_out(out0), a_psi(zeros<double>(2 * n * nb)),
      a_V(zeros<double>(n)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(split_step_grad_0_1_2, grid, 32, c2(d_psi.ptr), d_V.ptr, c2(d_out.ptr), n,
                        gamma, c2(a_psi.ptr), a_V.ptr, c2(a_out.ptr)));
  check.array("psi", a_psi.get(), fd(psi, loss));
  check.array("V", a_V.get(), fd(V, loss));
  check.array("out", a_out.get(), fd(out0, loss));
#else
  std::vector<double> vp = rng.vec<double>(2 * n * nb), vV = rng.vec<double>(n);
  auto outputs_at = [&](double t) { return run(along(psi, t, vp), along(V, t, vV)); };
  DeviceArray<double> d_psi(psi), d_V(V), d_out(out0), t_psi(vp), t_V(vV),
      t_out(zeros<double>(2 * n * nb));
  CUAD_GRAD(CUAD_LAUNCH(split_step_pushforward_0_1_2, grid, 32, c2(d_psi.ptr), d_V.ptr,
                        c2(d_out.ptr), n, gamma, c2(t_psi.ptr), t_V.ptr, c2(t_out.ptr)));
  check.array("out", t_out.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
