#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("lulesh_eos");
  const int n = 96, reps = 2;
  const double emin = -1.0e15, pmin = 0.0, p_cut = 1.0e-7, e_cut = 1.0e-7, q_cut = 1.0e-7,
               eosvmax = 1.0e9, rho0 = 1.0;
  Rng rng(72);
  std::vector<int> idx(n);
  for (int i = 0; i < n; ++i) idx[i] = (i * 37 + 5) % n;  // a permutation (37 is coprime to 96)
  std::vector<double> e = rng.vec(n, 0.5, 5.0), p_old = rng.vec(n, 0.0, 1.0),
                      q_old = rng.vec(n, 0.0, 0.5), delvc = rng.vec(n, -0.1, 0.1),
                      comp = rng.vec(n, -0.1, 0.3), comp_half = rng.vec(n, -0.05, 0.15),
                      vnewc = rng.vec(n, 0.8, 1.2), qq = rng.vec(n, 0.0, 1.0),
                      ql = rng.vec(n, 0.0, 1.0);
  std::vector<double> p_out = rng.vec(n), q_out = rng.vec(n), ss_out = rng.vec(n);
  std::vector<double> we = rng.vec(n), wp = rng.vec(n), wq = rng.vec(n), wss = rng.vec(n);
  DeviceArray<int> d_idx(idx);
  DeviceArray<double> d_pold(p_old), d_qold(q_old), d_delvc(delvc), d_comp(comp),
      d_chalf(comp_half), d_vnewc(vnewc), d_qq(qq), d_ql(ql);
  auto loss = [&] {
    DeviceArray<double> d_e(e), d_p(p_out), d_q(q_out), d_ss(ss_out);
    CUAD_LAUNCH(eval_eos, 2, 64, d_e.ptr, d_p.ptr, d_q.ptr, d_ss.ptr, d_idx.ptr, d_pold.ptr,
                d_qold.ptr, d_delvc.ptr, d_comp.ptr, d_chalf.ptr, d_vnewc.ptr, d_qq.ptr,
                d_ql.ptr, emin, pmin, p_cut, e_cut, q_cut, eosvmax, rho0, reps, n);
    return dot(we, d_e.get()) + dot(wp, d_p.get()) + dot(wq, d_q.get()) + dot(wss, d_ss.get());
  };
  DeviceArray<double> d_e(e), d_p(p_out), d_q(q_out), d_ss(ss_out), a_e(we), a_p(wp), a_q(wq),
      a_ss(wss);
  CUAD_GRAD(CUAD_LAUNCH(eval_eos_grad_0_1_2_3, 2, 64, d_e.ptr, d_p.ptr, d_q.ptr, d_ss.ptr,
                        d_idx.ptr, d_pold.ptr, d_qold.ptr, d_delvc.ptr, d_comp.ptr, d_chalf.ptr,
                        d_vnewc.ptr, d_qq.ptr, d_ql.ptr, emin, pmin, p_cut, e_cut, q_cut, eosvmax,
                        rho0, reps, n, a_e.ptr, a_p.ptr, a_q.ptr, a_ss.ptr));
  check.array("e", a_e.get(), fd(e, loss));
  check.array("p_out", a_p.get(), fd(p_out, loss));
  check.array("q_out", a_q.get(), fd(q_out, loss));
  check.array("ss_out", a_ss.get(), fd(ss_out, loss));
  return check.finish();
}
