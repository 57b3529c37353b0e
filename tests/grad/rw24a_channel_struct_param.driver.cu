#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_channel_struct_param");
  Rng rng(24881);
  const int n = 30, nsteps = 3;
  const double dt = 0.005, dx = 0.1;
  std::vector<double> h(n), q(n);
  for (int i = 0; i < n; ++i) {
    h[i] = 1.0 + 0.2 * std::sin(0.4 * i) + rng.uniform(-0.01, 0.01);
    q[i] = 0.5 + 0.2 * std::cos(0.3 * i) + rng.uniform(-0.02, 0.02);  // q > 0
  }
  std::vector<double> par = {9.81, 0.035};  // g, manning
  auto run = [&](const std::vector<double>& hh, const std::vector<double>& qq, const std::vector<double>& pp,
                 std::vector<double>& ho, std::vector<double>& qo) {
    DeviceArray<double> dh(hh), dq(qq);
    const Channel ch{dh.ptr, dq.ptr, pp[0], pp[1], dx, n};
    channel_run(ch, dt, nsteps);
    ho = dh.get();
    qo = dq.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> wh = rng.vec(n), wq = rng.vec(n);
  auto loss = [&] {
    std::vector<double> ho, qo;
    run(h, q, par, ho, qo);
    return dot(wh, ho) + dot(wq, qo);
  };
  DeviceArray<double> dh(h), dq(q), gh(wh), gq(wq);
  const Channel ch{dh.ptr, dq.ptr, par[0], par[1], dx, n};
  Channel gch{gh.ptr, gq.ptr, 0.0, 0.0, 0.0, 0};
  CUAD_GRAD(channel_run_grad_0(ch, dt, nsteps, &gch));
  check.array("ch.h", gh.get(), fd(h, loss));
  check.array("ch.q", gq.get(), fd(q, loss));
  check.array("ch.g, ch.manning", std::vector<double>{gch.g, gch.manning}, fd(par, loss));
#else
  const std::vector<double> vh = rng.vec(n, -0.1, 0.1), vq = rng.vec(n, -0.1, 0.1), vp = {0.5, 0.01};
  auto outputs_at = [&](double t) {
    std::vector<double> ho, qo;
    run(along(h, t, vh), along(q, t, vq), along(par, t, vp), ho, qo);
    ho.insert(ho.end(), qo.begin(), qo.end());
    return ho;
  };
  DeviceArray<double> dh(h), dq(q), th(vh), tq(vq);
  const Channel ch{dh.ptr, dq.ptr, par[0], par[1], dx, n};
  const Channel tch{th.ptr, tq.ptr, vp[0], vp[1], 0.0, 0};
  CUAD_GRAD(channel_run_pushforward_0(ch, dt, nsteps, tch));
  std::vector<double> got = th.get(), tqq = tq.get();
  got.insert(got.end(), tqq.begin(), tqq.end());
  check.array("h, q tangent", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
