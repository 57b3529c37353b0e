#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
using namespace fem;

static const int nm = 4;
static std::vector<Material> make_mats(const std::vector<double>& p) {
  std::vector<Material> m(nm);
  for (int k = 0; k < nm; ++k) {
    m[k].model = (Model)k;
    m[k].lame = Lame{p[3 * k], p[3 * k + 1]};
    m[k].fung_c = p[3 * k + 2];
  }
  return m;
}
static std::vector<double> mat_params(const std::vector<Material>& m) {
  std::vector<double> p;
  for (const Material& q : m) p.insert(p.end(), {q.lame.mu, q.lame.lambda, q.fung_c});
  return p;
}

#ifndef CUAD_SELFTEST
#if CUAD_OUTPUT == 2
// L = sum_e w_e * psi(F_e, m_e): the density's gradient per element, seeded with w_e.
__global__ void density_grad_kernel(const double* F, const int* mat_id, const Material* mats,
                                    const double* w, double* gF, Material* gm, int n) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n) return;
  Def2 d, dd;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) { d.F[i][j] = F[4 * e + 2 * i + j]; dd.F[i][j] = 0.0; }
  Material dm;
  dm.model = Model::Linear;
  dm.lame = Lame{0.0, 0.0};
  dm.fung_c = 0.0;
  strain_energy_density_grad(d, mats[mat_id[e]], &dd, &dm);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) gF[4 * e + 2 * i + j] = w[e] * dd.F[i][j];
  Material* g = &gm[mat_id[e]];
  atomicAdd(&g->lame.mu, w[e] * dm.lame.mu);
  atomicAdd(&g->lame.lambda, w[e] * dm.lame.lambda);
  atomicAdd(&g->fung_c, w[e] * dm.fung_c);
}
#elif CUAD_OUTPUT == 3
__global__ void density_fwd_kernel(const double* F, const int* mat_id, const Material* mats,
                                   const double* vF, const Material* vm, double* val, double* tan, int n) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n) return;
  Def2 d, td;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) { d.F[i][j] = F[4 * e + 2 * i + j]; td.F[i][j] = vF[4 * e + 2 * i + j]; }
  auto r = strain_energy_density_pushforward(d, mats[mat_id[e]], td, vm[mat_id[e]]);
  val[e] = r.value;
  tan[e] = r.pushforward;
}
#endif
#endif

__global__ void density_kernel(const double* F, const int* mat_id, const Material* mats, double* out, int n) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n) return;
  Def2 d;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) d.F[i][j] = F[4 * e + 2 * i + j];
  out[e] = strain_energy_density(d, mats[mat_id[e]]);
}

int main() {
  Checker check("rw23c_fem_material_switch");
  Rng rng(23303);
  const int n = 40;
  std::vector<double> prm = {1.2, 0.8, 0.0, 0.9, 1.5, 0.0, 1.1, 2.0, 0.0, 0.7, 0.4, 1.3};
  std::vector<int> mat_id(n);
  std::vector<double> F(4 * n), area = rng.vec(n, 0.5, 1.5), energy = rng.vec(n);
  for (int e = 0; e < n; ++e) {
    mat_id[e] = e % nm;
    for (int k = 0; k < 4; ++k) F[4 * e + k] = (k == 0 || k == 3 ? 1.0 : 0.0) + rng.uniform(-0.25, 0.25);
    if (e % 8 == 2) {  // an inverted neo-Hookean element: det F about -0.8
      F[4 * e] = -0.9 + rng.uniform(-0.05, 0.05);
    }
  }
  const int blocks = 2, threads = 32;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dF(F), da(area), de(energy);
    DeviceArray<int> di(mat_id);
    DeviceArray<Material> dm(make_mats(prm));
    CUAD_LAUNCH(element_energy, blocks, threads, dF.ptr, di.ptr, dm.ptr, da.ptr, de.ptr, n);
    return dot(w, de.get());
  };
  DeviceArray<double> dF(F), da(area), de(energy), aF(zeros<double>(4 * n)), ae(w);
  DeviceArray<int> di(mat_id);
  DeviceArray<Material> dm(make_mats(prm)), am(make_mats(zeros<double>(3 * nm)));
  CUAD_GRAD(CUAD_LAUNCH(element_energy_grad_0_2_4, blocks, threads, dF.ptr, di.ptr, dm.ptr, da.ptr, de.ptr, n,
                        aF.ptr, am.ptr, ae.ptr));
  check.array("F", aF.get(), fd(F, loss));
  check.array("mats{mu,lambda,c}", mat_params(am.get()), fd(prm, loss));
  check.array("energy (only written)", ae.get(), zeros<double>(n));
#else
  auto run = [&](const std::vector<double>& f, const std::vector<double>& p) {
    DeviceArray<double> dF(f), out(zeros<double>(n));
    DeviceArray<int> di(mat_id);
    DeviceArray<Material> dm(make_mats(p));
    CUAD_LAUNCH(density_kernel, blocks, threads, dF.ptr, di.ptr, dm.ptr, out.ptr, n);
    return out.get();
  };
#if CUAD_OUTPUT == 2
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(F, prm)); };
  DeviceArray<double> dF(F), dw(w), gF(zeros<double>(4 * n));
  DeviceArray<int> di(mat_id);
  DeviceArray<Material> dm(make_mats(prm)), gm(make_mats(zeros<double>(3 * nm)));
  CUAD_GRAD(CUAD_LAUNCH(density_grad_kernel, blocks, threads, dF.ptr, di.ptr, dm.ptr, dw.ptr, gF.ptr, gm.ptr, n));
  check.array("F", gF.get(), fd(F, loss));
  check.array("mats{mu,lambda,c}", mat_params(gm.get()), fd(prm, loss));
#else
  const std::vector<double> vF = rng.vec(4 * n), vp = rng.vec(3 * nm);
  auto outputs_at = [&](double t) { return run(along(F, t, vF), along(prm, t, vp)); };
  DeviceArray<double> dF(F), tF(vF), val(zeros<double>(n)), tan(zeros<double>(n));
  DeviceArray<int> di(mat_id);
  DeviceArray<Material> dm(make_mats(prm)), tm(make_mats(vp));
  CUAD_GRAD(CUAD_LAUNCH(density_fwd_kernel, blocks, threads, dF.ptr, di.ptr, dm.ptr, tF.ptr, tm.ptr, val.ptr, tan.ptr, n));
  check.array("psi tangent", tan.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("psi value", val.get(), run(F, prm));
#endif
#endif
#endif
  return check.finish();
}
