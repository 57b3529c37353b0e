#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;
using namespace euler1d;

static std::vector<Prim> to_prim(const std::vector<double>& v) {
  std::vector<Prim> p(v.size() / 3);
  std::memcpy(p.data(), v.data(), v.size() * sizeof(double));
  return p;
}
static std::vector<double> flat(const std::vector<Prim>& p) {
  std::vector<double> v(3 * p.size());
  std::memcpy(v.data(), p.data(), v.size() * sizeof(double));
  return v;
}

// A state with sound speed sqrt(1.4 p / rho) in [0.9, 1.3] and a given velocity.
static void state(Rng& rng, double u, double* q) {
  q[0] = rng.uniform(0.8, 1.2);
  q[1] = u;
  q[2] = rng.uniform(0.6, 1.0);
}

__global__ void flux_kernel(const Prim* L, const Prim* R, Gas g, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Flux f;
  hll_flux(L[i], R[i], g, f);
  for (int k = 0; k < 3; ++k) out[3 * i + k] = f.f[k];
}

#ifndef CUAD_SELFTEST
#if CUAD_OUTPUT == 1
__global__ void flux_grad_kernel(const Prim* L, const Prim* R, Gas g, const double* w, Prim* gL, Prim* gR,
                                 Gas* gg, double* gout, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Flux f, df;
  for (int k = 0; k < 3; ++k) df.f[k] = w[3 * i + k];
  Prim dl{0, 0, 0}, dr{0, 0, 0};
  Gas dg{0.0};
  hll_flux_grad(L[i], R[i], g, f, &dl, &dr, &dg, &df);
  gL[i] = dl;
  gR[i] = dr;
  atomicAdd(&gg->gamma, dg.gamma);
  for (int k = 0; k < 3; ++k) gout[3 * i + k] = df.f[k];
}
#elif CUAD_OUTPUT == 2
__global__ void flux_fwd_kernel(const Prim* L, const Prim* R, Gas g, const Prim* vL, const Prim* vR, Gas vg,
                                double* val, double* tan, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Flux f, tf;
  for (int k = 0; k < 3; ++k) tf.f[k] = 0.0;
  hll_flux_pushforward(L[i], R[i], g, f, vL[i], vR[i], vg, tf);
  for (int k = 0; k < 3; ++k) {
    val[3 * i + k] = f.f[k];
    tan[3 * i + k] = tf.f[k];
  }
}
#endif
#endif

int main() {
  Checker check("rw23c_hll_ref_chain");
  Rng rng(23305);
#if CUAD_OUTPUT == 3
  const int n = 24;
  std::vector<double> pv(3 * n);
  for (int i = 0; i < n; ++i) {
    // three regimes along the tube: left-supersonic, subsonic, right-supersonic
    const double u = i < 8 ? rng.uniform(1.8, 2.2) : (i < 16 ? rng.uniform(-0.4, 0.4) : rng.uniform(-2.2, -1.8));
    state(rng, u, &pv[3 * i]);
  }
  std::vector<double> g = {1.4};
  const double inv_dx = 2.0;
  std::vector<double> dudt = rng.vec(3 * n), w = rng.vec(3 * n);
  auto loss = [&] {
    DeviceArray<Prim> dp(to_prim(pv));
    DeviceArray<double> dd(dudt);
    CUAD_LAUNCH(flux_divergence, 1, 32, dp.ptr, Gas{g[0]}, inv_dx, dd.ptr, n);
    return dot(w, dd.get());
  };
  DeviceArray<Prim> dp(to_prim(pv)), ap(to_prim(zeros<double>(3 * n)));
  DeviceArray<double> dd(dudt), ad(w);
  DeviceScalar<Gas> ag(Gas{0.0});
  CUAD_GRAD(CUAD_LAUNCH(flux_divergence_grad_0_1_3, 1, 32, dp.ptr, Gas{g[0]}, inv_dx, dd.ptr, n, ap.ptr, ag.ptr,
                        ad.ptr));
  check.array("prim", flat(ap.get()), fd(pv, loss));
  check.array("gas.gamma", std::vector<double>{ag.value().gamma}, fd(g, loss));
  check.array("dudt (only written)", ad.get(), zeros<double>(3 * n));
#else
  const int n = 30;
  std::vector<double> lv(3 * n), rv(3 * n);
  for (int i = 0; i < n; ++i) {
    const int regime = i % 3;
    const double uL = regime == 0 ? rng.uniform(1.8, 2.2) : (regime == 1 ? rng.uniform(-0.4, 0.4) : rng.uniform(-2.6, -2.2));
    const double uR = regime == 0 ? rng.uniform(1.8, 2.2) : (regime == 1 ? rng.uniform(-0.4, 0.4) : rng.uniform(-2.6, -2.2));
    state(rng, uL, &lv[3 * i]);
    state(rng, uR, &rv[3 * i]);
  }
  std::vector<double> g = {1.4};
  auto run = [&](const std::vector<double>& l, const std::vector<double>& r, double gm) {
    DeviceArray<Prim> dl(to_prim(l)), dr(to_prim(r));
    DeviceArray<double> out(zeros<double>(3 * n));
    CUAD_LAUNCH(flux_kernel, 1, 32, dl.ptr, dr.ptr, Gas{gm}, out.ptr, n);
    return out.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(3 * n);
  auto loss = [&] { return dot(w, run(lv, rv, g[0])); };
  DeviceArray<Prim> dl(to_prim(lv)), dr(to_prim(rv)), gl(to_prim(zeros<double>(3 * n))), gr(to_prim(zeros<double>(3 * n)));
  DeviceArray<double> dw(w), gout(zeros<double>(3 * n));
  DeviceScalar<Gas> gg(Gas{0.0});
  CUAD_GRAD(CUAD_LAUNCH(flux_grad_kernel, 1, 32, dl.ptr, dr.ptr, Gas{g[0]}, dw.ptr, gl.ptr, gr.ptr, gg.ptr, gout.ptr, n));
  check.array("L", flat(gl.get()), fd(lv, loss));
  check.array("R", flat(gr.get()), fd(rv, loss));
  check.array("gas.gamma", std::vector<double>{gg.value().gamma}, fd(g, loss));
  check.array("out (only written)", gout.get(), zeros<double>(3 * n));
#else
  const std::vector<double> vl = rng.vec(3 * n), vr = rng.vec(3 * n);
  const double vg = 0.3;
  auto outputs_at = [&](double t) { return run(along(lv, t, vl), along(rv, t, vr), along(g[0], t, vg)); };
  DeviceArray<Prim> dl(to_prim(lv)), dr(to_prim(rv)), tl(to_prim(vl)), tr(to_prim(vr));
  DeviceArray<double> val(zeros<double>(3 * n)), tan(zeros<double>(3 * n));
  CUAD_GRAD(CUAD_LAUNCH(flux_fwd_kernel, 1, 32, dl.ptr, dr.ptr, Gas{g[0]}, tl.ptr, tr.ptr, Gas{vg}, val.ptr, tan.ptr, n));
  check.array("flux tangent", tan.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("flux value", val.get(), run(lv, rv, g[0]));
#endif
#endif
#endif
  return check.finish();
}
