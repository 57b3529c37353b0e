#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rd_cfd");
  // an 8 x 8 structured mesh seen as unstructured: west/east periodic, a wing below the first
  // row and the far field above the last
  const int nx = 8, ny = 8, nelr = nx * ny;
  Rng rng(2024);
  std::vector<int> ese(nelr * NNB);
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x) {
      const int i = y * nx + x;
      ese[i + 0 * nelr] = y * nx + (x + nx - 1) % nx;
      ese[i + 1 * nelr] = y * nx + (x + 1) % nx;
      ese[i + 2 * nelr] = y == 0 ? -1 : i - nx;
      ese[i + 3 * nelr] = y == ny - 1 ? -2 : i + nx;
    }
  std::vector<float> vars(nelr * NVAR);
  for (int i = 0; i < nelr; ++i) {
    vars[i + VAR_DENSITY * nelr] = (float)rng.uniform(0.9, 1.1);
    vars[i + (VAR_MOMENTUM + 0) * nelr] = (float)rng.uniform(0.2, 0.4);
    vars[i + (VAR_MOMENTUM + 1) * nelr] = (float)rng.uniform(-0.1, 0.1);
    vars[i + (VAR_MOMENTUM + 2) * nelr] = (float)rng.uniform(-0.1, 0.1);
    vars[i + VAR_DENSITY_ENERGY * nelr] = (float)rng.uniform(2.4, 2.8);
  }
  std::vector<float> normals = rng.vec<float>(nelr * NDIM * NNB, -0.15, 0.15);
#if CUAD_OUTPUT == 1
  std::vector<float> areas = rng.vec<float>(nelr, 3.0, 5.0);
  const std::vector<float> w = rng.vec<float>(nelr * NVAR);
  auto loss = [&] {
    std::vector<float> v = vars;
    cfd_run(v.data(), areas.data(), ese.data(), normals.data(), nelr, 2);
    return dot(w, v);
  };
  std::vector<float> v = vars, a_v = w, a_areas(nelr, 0.0f), a_n(normals.size(), 0.0f);
  CUAD_GRAD(cfd_run_grad_0_1_3(v.data(), areas.data(), ese.data(), normals.data(), nelr, 2,
                               a_v.data(), a_areas.data(), a_n.data()));
  check.array("variables", a_v, fd(vars, loss));
  check.array("areas", a_areas, fd(areas, loss));
  check.array("normals", a_n, fd(normals, loss));
#elif CUAD_OUTPUT == 2
  std::vector<float> fl0 = rng.vec<float>(nelr * NVAR);
  const std::vector<float> w = rng.vec<float>(nelr * NVAR);
  DeviceArray<int> de(ese);
  auto loss = [&] {
    DeviceArray<float> dn(normals), dv(vars), df(fl0);
    CUAD_LAUNCH(compute_flux, nelr / 32, 32, nelr, de.ptr, dn.ptr, dv.ptr, df.ptr);
    return dot(w, df.get());
  };
  DeviceArray<float> dn(normals), dv(vars), df(fl0), an(zeros<float>(normals.size())),
      av(zeros<float>(vars.size())), af(w);
  CUAD_GRAD(CUAD_LAUNCH(compute_flux_grad_2_3_4, nelr / 32, 32, nelr, de.ptr, dn.ptr, dv.ptr,
                        df.ptr, an.ptr, av.ptr, af.ptr));
  check.array("normals", an.get(), fd(normals, loss));
  check.array("variables", av.get(), fd(vars, loss));
  check.array("fluxes", af.get(), fd(fl0, loss));
#else
  std::vector<float> fl0 = rng.vec<float>(nelr * NVAR);
  std::vector<float> tn = rng.vec<float>(normals.size(), -0.1, 0.1),
                     tv = rng.vec<float>(vars.size(), -0.05, 0.05);
  DeviceArray<int> de(ese);
  auto run = [&](const std::vector<float>& n, const std::vector<float>& v) {
    DeviceArray<float> dn(n), dv(v), df(fl0);
    CUAD_LAUNCH(compute_flux, nelr / 32, 32, nelr, de.ptr, dn.ptr, dv.ptr, df.ptr);
    return df.get();
  };
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(normals, t, tn), along(vars, t, tv)));
  };
  DeviceArray<float> dn(normals), dv(vars), df(fl0), t_n(tn), t_v(tv),
      t_f(zeros<float>(fl0.size()));
  CUAD_GRAD(CUAD_LAUNCH(compute_flux_pushforward, nelr / 32, 32, nelr, de.ptr, dn.ptr, dv.ptr,
                        df.ptr, t_n.ptr, t_v.ptr, t_f.ptr));
  check.array("fluxes", as_doubles(t_f.get()), directional_fd<float>(outputs_at),
              default_tol<float>());
#endif
  return check.finish();
}
