#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_swe_manning_state");
  Rng rng(24801);
  const int n = 40;
  std::vector<double> h(n), q(n);
  for (int i = 0; i < n; ++i) {
    h[i] = 1.0 + 0.3 * std::sin(0.3 * i) + rng.uniform(-0.02, 0.02);
    q[i] = (i % 7 < 4 ? 1.0 : -1.0) * rng.uniform(0.2, 0.8);  // away from 0
  }
  std::vector<double> pv = {9.81, 0.03, 0.004, 0.1};  // g, manning, dt, dx
  auto params = [](const std::vector<double>& v) { return Params{v[0], v[1], v[2], v[3]}; };
  auto run = [&](const std::vector<double>& hh, const std::vector<double>& qq, const std::vector<double>& pp,
                 std::vector<double>& hn, std::vector<double>& qn) {
    DeviceArray<double> d_h(hh), d_q(qq), d_hn(zeros<double>(n)), d_qn(zeros<double>(n));
    CUAD_LAUNCH(swe_manning_step, 2, 32, State{d_h.ptr, d_q.ptr}, State{d_hn.ptr, d_qn.ptr}, params(pp), n);
    hn = d_hn.get();
    qn = d_qn.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> wh = rng.vec(n), wq = rng.vec(n);
  auto loss = [&] {
    std::vector<double> hn, qn;
    run(h, q, pv, hn, qn);
    return dot(wh, hn) + dot(wq, qn);
  };
  DeviceArray<double> d_h(h), d_q(q), d_hn(zeros<double>(n)), d_qn(zeros<double>(n)), g_h(zeros<double>(n)),
      g_q(zeros<double>(n)), g_hn(wh), g_qn(wq);
  // the adjoint structs live in device memory (the gradient kernel takes State*, Params*)
  DeviceArray<State> g_qs(std::vector<State>{State{g_h.ptr, g_q.ptr}});
  DeviceArray<State> g_qns(std::vector<State>{State{g_hn.ptr, g_qn.ptr}});
  DeviceArray<Params> g_p(std::vector<Params>{Params{0, 0, 0, 0}});
  CUAD_GRAD(CUAD_LAUNCH(swe_manning_step_grad_0_1_2, 2, 32, State{d_h.ptr, d_q.ptr}, State{d_hn.ptr, d_qn.ptr},
                        params(pv), n, g_qs.ptr, g_qns.ptr, g_p.ptr));
  check.array("q.h", g_h.get(), fd(h, loss));
  check.array("q.q", g_q.get(), fd(q, loss));
  std::vector<double> gp(4);
#if !defined(CUAD_SELFTEST)
  const Params gpp = g_p.get()[0];
  gp = {gpp.g, gpp.manning, gpp.dt, gpp.dx};
#endif
  check.array("p", gp, fd(pv, loss));
  check.array("qn.h", g_hn.get(), zeros<double>(n));
  check.array("qn.q", g_qn.get(), zeros<double>(n));
#else
  const std::vector<double> vh = rng.vec(n, -0.1, 0.1), vq = rng.vec(n, -0.1, 0.1), vp = {0.5, 0.01, 0.0005, 0.01};
  auto outputs_at = [&](double t) {
    std::vector<double> hn, qn;
    run(along(h, t, vh), along(q, t, vq), along(pv, t, vp), hn, qn);
    hn.insert(hn.end(), qn.begin(), qn.end());
    return hn;
  };
  DeviceArray<double> d_h(h), d_q(q), d_hn(zeros<double>(n)), d_qn(zeros<double>(n)), t_h(vh), t_q(vq),
      t_hn(zeros<double>(n)), t_qn(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(swe_manning_step_pushforward, 2, 32, State{d_h.ptr, d_q.ptr},
                        State{d_hn.ptr, d_qn.ptr}, params(pv), n, State{t_h.ptr, t_q.ptr},
                        State{t_hn.ptr, t_qn.ptr}, params(vp)));
  std::vector<double> got = t_hn.get(), tq = t_qn.get();
  got.insert(got.end(), tq.begin(), tq.end());
  check.array("qn tangent", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
