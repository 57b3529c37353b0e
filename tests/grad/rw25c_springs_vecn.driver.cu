#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
static const int D = 2;
#else
static const int D = 3;
#endif

int main() {
  Checker check("rw25c_springs_vecn");
  Rng rng(25318 + D);
  const int nv = 12;
  std::vector<int> ends;
  for (int i = 0; i < nv; ++i) {
    ends.push_back(i), ends.push_back((i + 1) % nv);
    ends.push_back(i), ends.push_back((i + 3) % nv);
  }
  const int ns = (int)ends.size() / 2;
  std::vector<double> x = rng.vec(D * nv, -1.0, 1.0), v = rng.vec(D * nv), rest(ns), f0 = rng.vec(D * nv);
  for (int s = 0; s < ns; ++s) {
    double l2 = 0.0;
    for (int i = 0; i < D; ++i) l2 += std::pow(x[D * ends[2 * s + 1] + i] - x[D * ends[2 * s] + i], 2);
    rest[s] = std::sqrt(l2) * rng.uniform(0.8, 1.2);
  }
  const double k = 5.0, c = 0.3;
  auto run = [&](const std::vector<double>& x_, const std::vector<double>& v_, const std::vector<double>& r_,
                 const std::vector<double>& f_) {
    DeviceArray<int> de(ends);
    DeviceArray<double> dx(x_), dv(v_), dr(r_), df(f_);
    CUAD_LAUNCH(spring_forces<D>, 1, 32, ns, de.ptr, dx.ptr, dv.ptr, dr.ptr, k, c, df.ptr);
    return df.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(D * nv);
  std::vector<double> f = f0;
  auto loss = [&] { return dot(w, run(x, v, rest, f)); };
  DeviceArray<int> de(ends);
  DeviceArray<double> dx(x), dv(v), dr(rest), df(f0), gx(zeros<double>(D * nv)), gv(zeros<double>(D * nv)),
      gr(zeros<double>(ns)), gf(w);
  CUAD_GRAD(CUAD_LAUNCH(spring_forces_grad_2_3_4_7<D>, 1, 32, ns, de.ptr, dx.ptr, dv.ptr, dr.ptr, k, c, df.ptr, gx.ptr,
                        gv.ptr, gr.ptr, gf.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("v", gv.get(), fd(v, loss));
  check.array("rest", gr.get(), fd(rest, loss));
  check.array("f", gf.get(), fd(f, loss));
#else
  const std::vector<double> vx = rng.vec(D * nv), vv = rng.vec(D * nv), vr = rng.vec(ns, -0.1, 0.1),
                            vf = rng.vec(D * nv);
  auto outputs_at = [&](double t) { return run(along(x, t, vx), along(v, t, vv), along(rest, t, vr), along(f0, t, vf)); };
  DeviceArray<int> de(ends);
  DeviceArray<double> dx(x), dv(v), dr(rest), df(f0), tx(vx), tv(vv), tr(vr), tf(vf);
  CUAD_GRAD(CUAD_LAUNCH(spring_forces_pushforward_2_3_4_7<D>, 1, 32, ns, de.ptr, dx.ptr, dv.ptr, dr.ptr, k, c, df.ptr,
                        tx.ptr, tv.ptr, tr.ptr, tf.ptr));
  check.array("f tangent", tf.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
