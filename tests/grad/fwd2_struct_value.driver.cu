#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<P> moved(const std::vector<P>& ps, double t, const std::vector<P>& v) {
  std::vector<P> out = ps;
  for (size_t i = 0; i < ps.size(); ++i) {
    out[i].m = along(ps[i].m, t, v[i].m);
    out[i].v = along(ps[i].v, t, v[i].v);
  }
  return out;
}

int main() {
  Checker check("fwd2_struct_value");
  const int n = 35;
  Rng rng(112);
  std::vector<double> m = rng.vec(n, 0.5, 1.5), v = rng.vec(n), vm = rng.vec(n), vv = rng.vec(n);
  std::vector<P> ps(n), vps(n);
  for (int i = 0; i < n; ++i) {
    ps[i] = P{m[i], v[i], i};
    vps[i] = P{vm[i], vv[i], 0};
  }
  std::vector<double> dt = {0.2}, vdt = {0.6}, out0 = zeros<double>(n);
  auto outputs_at = [&](double t) {
    DeviceArray<P> dps(moved(ps, t, vps));
    DeviceArray<double> ddt(along(dt, t, vdt)), dout(out0);
    CUAD_LAUNCH(k, 2, 32, n, dps.ptr, ddt.ptr, dout.ptr);
    std::vector<double> out = as_doubles(dout.get());
    for (const P& p : dps.get()) out.push_back(p.v);  // the written-back field
    return out;
  };
  DeviceArray<P> dps(ps), d_ps(vps);
  DeviceArray<double> ddt(dt), d_dt(vdt), dout(out0), d_out(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 2, 32, n, dps.ptr, ddt.ptr, dout.ptr, d_ps.ptr, d_dt.ptr,
                        d_out.ptr));
  std::vector<double> got = as_doubles(d_out.get());
  for (const P& p : d_ps.get()) got.push_back(p.v);
  check.array("out, ps.v", got, directional_fd<double>(outputs_at));
  return check.finish();
}
