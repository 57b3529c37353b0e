#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_cpp_soa_material");
  const int n = 80;
  Rng rng(1203);
  const double props[4][3] = {{1.2, 3.0, 0.0}, {0.8, 2.5, 0.0}, {0.6, 4.0, 0.3}, {1.0, 2.0, 0.7}};
  cudaMemcpyToSymbol(c_props, props, sizeof(props));
  std::vector<double> strain = rng.vec(3 * n, -0.2, 0.2), scale = rng.vec(n, 0.5, 1.5);
  std::vector<int> model(n);
  for (int e = 0; e < n; ++e) model[e] = (e * 7 + 3) % 4;
  std::vector<double> stress0 = rng.vec(3 * n), energy0 = rng.vec(n);
  DeviceArray<int> dmodel(model);
  auto run = [&](const std::vector<double>& st, const std::vector<double>& sc) {
    DeviceArray<double> ds(st), dsc(sc), dstr(stress0), den(energy0);
    MeshView m{ds.ptr, dsc.ptr, dmodel.ptr, dstr.ptr, den.ptr, n};
    CUAD_LAUNCH(update_stress, 3, 32, m);
    std::vector<double> out = dstr.get(), en = den.get();
    out.insert(out.end(), en.begin(), en.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(4 * n);
  std::vector<double> wstr(w.begin(), w.begin() + 3 * n), wen(w.begin() + 3 * n, w.end());
  auto loss = [&] { return dot(w, run(strain, scale)); };
  DeviceArray<double> ds(strain), dsc(scale), dstr(stress0), den(energy0);
  DeviceArray<double> as(zeros<double>(3 * n)), asc(zeros<double>(n)), astr(wstr), aen(wen);
  MeshView m{ds.ptr, dsc.ptr, dmodel.ptr, dstr.ptr, den.ptr, n};
  DeviceScalar<MeshView> am(MeshView{as.ptr, asc.ptr, nullptr, astr.ptr, aen.ptr, 0});
  CUAD_GRAD(CUAD_LAUNCH(update_stress_grad, 3, 32, m, am.ptr));
  check.array("strain", as.get(), fd(strain, loss));
  check.array("scale", asc.get(), fd(scale, loss));
  check.array("stress", astr.get(), fd(stress0, loss));
  check.array("energy", aen.get(), fd(energy0, loss));
#else
  std::vector<double> vs = rng.vec(3 * n), vsc = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(strain, t, vs), along(scale, t, vsc)); };
  DeviceArray<double> ds(strain), dsc(scale), dstr(stress0), den(energy0);
  DeviceArray<double> ts(vs), tsc(vsc), tstr(zeros<double>(3 * n)), ten(zeros<double>(n));
  MeshView m{ds.ptr, dsc.ptr, dmodel.ptr, dstr.ptr, den.ptr, n};
  MeshView tm{ts.ptr, tsc.ptr, nullptr, tstr.ptr, ten.ptr, 0};
  CUAD_GRAD(CUAD_LAUNCH(update_stress_pushforward, 3, 32, m, tm));
  std::vector<double> got = tstr.get(), en = ten.get();
  got.insert(got.end(), en.begin(), en.end());
  check.array("stress, energy", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
