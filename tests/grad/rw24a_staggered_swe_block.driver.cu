#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_staggered_swe_block");
  Rng rng(24601);
  const int N = 16, nb = 3, nsteps = 5;
  const double dt = 0.005, dx = 0.1;
  double g = 9.81, drag = 0.02;
  std::vector<double> h0(nb * N), u0(nb * (N + 1));
  for (int b = 0; b < nb; ++b) {
    for (int i = 0; i < N; ++i)
      h0[b * N + i] = 1.0 + 0.05 * std::sin(0.5 * i + b) + rng.uniform(-0.01, 0.01);
    for (int i = 0; i <= N; ++i) {
      const double sgn = (b == 1) ? -1.0 : 1.0;  // one channel flows the other way
      u0[b * (N + 1) + i] = sgn * rng.uniform(0.4, 0.7);
    }
  }
  const std::vector<double> wh = rng.vec(nb * N), wu = rng.vec(nb * (N + 1));
  auto run = [&](std::vector<double>& ho, std::vector<double>& uo) {
    DeviceArray<double> d_h0(h0), d_u0(u0), d_ho(zeros<double>(nb * N)), d_uo(zeros<double>(nb * (N + 1)));
    CUAD_LAUNCH(staggered_swe<N>, nb, N, d_h0.ptr, d_u0.ptr, d_ho.ptr, d_uo.ptr, g, drag, dt, dx, nsteps);
    ho = d_ho.get();
    uo = d_uo.get();
  };
  auto loss = [&] {
    std::vector<double> ho, uo;
    run(ho, uo);
    return dot(wh, ho) + dot(wu, uo);
  };
  {  // the face velocities must keep their sign (upwinding, |u|)
    std::vector<double> ho, uo;
    run(ho, uo);
    bool ok = true;
    for (int b = 0; b < nb; ++b)
      for (int i = 1; i < N; ++i) ok = ok && std::fabs(uo[b * (N + 1) + i]) > 0.05;
    check.expect(ok, "interior face velocities away from 0");
  }
  DeviceArray<double> d_h0(h0), d_u0(u0), d_ho(zeros<double>(nb * N)), d_uo(zeros<double>(nb * (N + 1))),
      g_h0(zeros<double>(nb * N)), g_u0(zeros<double>(nb * (N + 1))), g_ho(wh), g_uo(wu);
  DeviceScalar<double> g_g(0.0), g_drag(0.0);
  CUAD_GRAD(CUAD_LAUNCH(staggered_swe_grad_0_1_2_3_4_5<N>, nb, N, d_h0.ptr, d_u0.ptr, d_ho.ptr, d_uo.ptr, g,
                        drag, dt, dx, nsteps, g_h0.ptr, g_u0.ptr, g_ho.ptr, g_uo.ptr, g_g.ptr, g_drag.ptr));
  check.array("h0", g_h0.get(), fd(h0, loss));
  check.array("u0", g_u0.get(), fd(u0, loss));
  check.scalar("g", g_g.value(), fd(g, loss));
  check.scalar("drag", g_drag.value(), fd(drag, loss));
  check.array("h_out", g_ho.get(), zeros<double>(nb * N));
  check.array("u_out", g_uo.get(), zeros<double>(nb * (N + 1)));
  return check.finish();
}
