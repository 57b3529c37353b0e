#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_soa_batch_view");
  const int n = 37, substeps = 6;
  const double tau_motor = 0.15;
  Rng rng(28701);
  // inputs, one vector per field, in this order: x y heading v_left v_right cmd radius cost
  std::vector<std::vector<double>> in = {rng.vec(n), rng.vec(n), rng.vec(n, -3.0, 3.0), rng.vec(n, -0.5, 0.5),
                                         rng.vec(n, -0.5, 0.5), rng.vec(2 * n, -1.0, 1.0), rng.vec(n, 0.8, 1.2),
                                         rng.vec(n, 0.0, 0.1)};
  std::vector<double> reals = {0.1, 0.35};  // dt, track
  const int outs[6] = {0, 1, 2, 3, 4, 7};   // fields written
  struct Dev {
    std::vector<DeviceArray<double>*> a;
    ~Dev() {
      for (auto* p : a) delete p;
    }
  };
  auto make = [&](Dev& d, const std::vector<std::vector<double>>& v, const std::vector<double>& r) {
    for (auto& x : v) d.a.push_back(new DeviceArray<double>(x));
    return DiffDriveBatch{d.a[0]->ptr, d.a[1]->ptr, d.a[2]->ptr, d.a[3]->ptr, d.a[4]->ptr, d.a[5]->ptr, d.a[6]->ptr,
                          d.a[7]->ptr, r[0], r[1], n};
  };
  auto run = [&](const std::vector<std::vector<double>>& v, const std::vector<double>& r) {
    Dev d;
    DiffDriveBatch b = make(d, v, r);
    CUAD_LAUNCH(step_batch, 2, 32, b, substeps, tau_motor);
    std::vector<double> out;
    for (int f : outs) {
      std::vector<double> g = d.a[f]->get();
      out.insert(out.end(), g.begin(), g.end());
    }
    return out;
  };
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(6 * n);
  auto loss = [&] { return dot(w, run(in, reals)); };
  std::vector<std::vector<double>> seeds(8);
  for (int f = 0; f < 8; ++f) seeds[f] = zeros<double>(in[f].size());
  for (int k = 0; k < 6; ++k) seeds[outs[k]] = std::vector<double>(w.begin() + k * n, w.begin() + (k + 1) * n);
  Dev dp, dg;
  DiffDriveBatch b = make(dp, in, reals);
  DiffDriveBatch g = make(dg, seeds, std::vector<double>{0.0, 0.0});
  DeviceArray<DiffDriveBatch> d_g(std::vector<DiffDriveBatch>{g});
  CUAD_GRAD(CUAD_LAUNCH(step_batch_grad_0, 2, 32, b, substeps, tau_motor, d_g.ptr));
  const DiffDriveBatch gr = d_g.get()[0];
  const char* names[8] = {"x", "y", "heading", "v_left", "v_right", "cmd", "radius", "cost"};
  for (int f = 0; f < 8; ++f) check.array(names[f], dg.a[f]->get(), fd(in[f], loss));
  check.scalar("dt", gr.dt, fd(reals[0], loss));
  check.scalar("track", gr.track, fd(reals[1], loss));
#else
  std::vector<std::vector<double>> tv(8);
  for (int f = 0; f < 8; ++f) tv[f] = rng.vec(in[f].size(), -0.3, 0.3);
  std::vector<double> treals = {0.02, -0.05};
  auto outputs_at = [&](double t) {
    std::vector<std::vector<double>> v(8);
    for (int f = 0; f < 8; ++f) v[f] = along(in[f], t, tv[f]);
    return run(v, along(reals, t, treals));
  };
  Dev dp, dt;
  DiffDriveBatch b = make(dp, in, reals);
  DiffDriveBatch tb = make(dt, tv, treals);
  CUAD_GRAD(CUAD_LAUNCH(step_batch_pushforward_0, 2, 32, b, substeps, tau_motor, tb));
  std::vector<double> got;
  for (int f : outs) {
    std::vector<double> g = dt.a[f]->get();
    got.insert(got.end(), g.begin(), g.end());
  }
  check.array("tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
