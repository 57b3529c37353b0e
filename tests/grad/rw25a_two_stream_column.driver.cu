#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 3
__global__ void layer_batch(const double* in, double* out, int n) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  const LayerOptics o = two_stream(in[4 * k], in[4 * k + 1], in[4 * k + 2], in[4 * k + 3]);
  out[5 * k] = o.R;
  out[5 * k + 1] = o.T;
  out[5 * k + 2] = o.Rdir;
  out[5 * k + 3] = o.Tdir;
  out[5 * k + 4] = o.tr;
}
#ifndef CUAD_SELFTEST
__global__ void layer_batch_fwd(const double* in, const double* v, double* val, double* tan, int n) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  const auto r = two_stream_pushforward(in[4 * k], in[4 * k + 1], in[4 * k + 2], in[4 * k + 3], v[4 * k],
                                        v[4 * k + 1], v[4 * k + 2], v[4 * k + 3]);
  const double a[5] = {r.value.R, r.value.T, r.value.Rdir, r.value.Tdir, r.value.tr};
  const double b[5] = {r.pushforward.R, r.pushforward.T, r.pushforward.Rdir, r.pushforward.Tdir, r.pushforward.tr};
  for (int c = 0; c < 5; ++c) {
    val[5 * k + c] = a[c];
    tan[5 * k + c] = b[c];
  }
}
#endif
#endif

int main() {
  Checker check("rw25a_two_stream_column");
  Rng rng(25303);
#if CUAD_OUTPUT == 3
  {
    const int nb = 24;
    std::vector<double> in(4 * nb), vin = rng.vec(4 * nb, -0.1, 0.1);
    for (int k = 0; k < nb; ++k) {
      in[4 * k] = rng.uniform(0.05, 2.0);
      in[4 * k + 1] = rng.uniform(0.2, 0.95);
      in[4 * k + 2] = rng.uniform(0.0, 0.8);
      in[4 * k + 3] = rng.uniform(0.3, 1.0);
    }
    auto run3 = [&](const std::vector<double>& x) {
      DeviceArray<double> di(x), dout(zeros<double>(5 * nb));
      CUAD_LAUNCH(layer_batch, 1, 32, di.ptr, dout.ptr, nb);
      return dout.get();
    };
    auto outputs_at = [&](double t) { return run3(along(in, t, vin)); };
    DeviceArray<double> di(in), dv(vin), val(zeros<double>(5 * nb)), tan(zeros<double>(5 * nb));
    CUAD_GRAD(CUAD_LAUNCH(layer_batch_fwd, 1, 32, di.ptr, dv.ptr, val.ptr, tan.ptr, nb));
    check.array("layer tangents", tan.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
    check.array("layer values", val.get(), run3(in));
#endif
    return check.finish();
  }
#endif
  const int ncol = 37;  // two blocks of 32, the second partial
  std::vector<int> offs(ncol + 1, 0);
  for (int c = 0; c < ncol; ++c) offs[c + 1] = offs[c] + 1 + (int)rng.uniform(0.0, 7.999);
  const int nq = offs[ncol];
  std::vector<double> kext = rng.vec(nq, 0.05, 1.5), ssa = rng.vec(nq, 0.2, 0.95),
                      asym = rng.vec(nq, 0.0, 0.8), dz = rng.vec(nq, 0.3, 1.2),
                      mu0 = rng.vec(ncol, 0.3, 1.0), alb = rng.vec(ncol, 0.05, 0.6);
  const double s0 = 1.36;
  auto run = [&](const std::vector<double>& k, const std::vector<double>& w, const std::vector<double>& g,
                 const std::vector<double>& a, const std::vector<double>& fu0, const std::vector<double>& ab0) {
    DeviceArray<int> d_off(offs);
    DeviceArray<double> d_k(k), d_w(w), d_g(g), d_dz(dz), d_mu(mu0), d_a(a), d_fu(fu0), d_ab(ab0);
    CUAD_LAUNCH(column_fluxes, 2, 32, ncol, d_off.ptr, d_k.ptr, d_w.ptr, d_g.ptr, d_dz.ptr, d_mu.ptr,
                d_a.ptr, s0, d_fu.ptr, d_ab.ptr);
    std::vector<double> out = d_fu.get(), b = d_ab.get();
    out.insert(out.end(), b.begin(), b.end());
    return out;
  };
  const std::vector<double> fu0 = rng.vec(ncol), ab0 = rng.vec(nq);
#if CUAD_OUTPUT == 1
  const std::vector<double> wu = rng.vec(ncol), wa = rng.vec(nq);
  std::vector<double> w = wu;
  w.insert(w.end(), wa.begin(), wa.end());
  std::vector<double> fu = fu0, ab = ab0;
  auto loss = [&] { return dot(w, run(kext, ssa, asym, alb, fu, ab)); };
  DeviceArray<int> d_off(offs);
  DeviceArray<double> d_k(kext), d_w(ssa), d_g(asym), d_dz(dz), d_mu(mu0), d_a(alb), d_fu(fu0), d_ab(ab0);
  DeviceArray<double> g_k(zeros<double>(nq)), g_w(zeros<double>(nq)), g_g(zeros<double>(nq)),
      g_a(zeros<double>(ncol)), g_fu(wu), g_ab(wa);
  CUAD_GRAD(CUAD_LAUNCH(column_fluxes_grad_2_3_4_7_9_10, 2, 32, ncol, d_off.ptr, d_k.ptr, d_w.ptr, d_g.ptr,
                        d_dz.ptr, d_mu.ptr, d_a.ptr, s0, d_fu.ptr, d_ab.ptr, g_k.ptr, g_w.ptr, g_g.ptr,
                        g_a.ptr, g_fu.ptr, g_ab.ptr));
  check.array("kext", g_k.get(), fd(kext, loss));
  check.array("ssa", g_w.get(), fd(ssa, loss));
  check.array("asym", g_g.get(), fd(asym, loss));
  check.array("albedo", g_a.get(), fd(alb, loss));
  check.array("flux_up", g_fu.get(), fd(fu, loss));
  check.array("absorbed", g_ab.get(), fd(ab, loss));
#elif CUAD_OUTPUT == 2
  const std::vector<double> vk = rng.vec(nq), vw = rng.vec(nq, -0.1, 0.1), vg = rng.vec(nq), va = rng.vec(ncol);
  auto outputs_at = [&](double t) {
    return run(along(kext, t, vk), along(ssa, t, vw), along(asym, t, vg), along(alb, t, va), fu0, ab0);
  };
  DeviceArray<int> d_off(offs);
  DeviceArray<double> d_k(kext), d_w(ssa), d_g(asym), d_dz(dz), d_mu(mu0), d_a(alb), d_fu(fu0), d_ab(ab0);
  DeviceArray<double> t_k(vk), t_w(vw), t_g(vg), t_a(va), t_fu(rng.vec(ncol)), t_ab(rng.vec(nq));
  CUAD_GRAD(CUAD_LAUNCH(column_fluxes_pushforward_2_3_4_7_9_10, 2, 32, ncol, d_off.ptr, d_k.ptr, d_w.ptr,
                        d_g.ptr, d_dz.ptr, d_mu.ptr, d_a.ptr, s0, d_fu.ptr, d_ab.ptr, t_k.ptr, t_w.ptr,
                        t_g.ptr, t_a.ptr, t_fu.ptr, t_ab.ptr));
  std::vector<double> got = t_fu.get(), b = t_ab.get();
  got.insert(got.end(), b.begin(), b.end());
  check.array("tangents", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> val = d_fu.get(), vb = d_ab.get();
  val.insert(val.end(), vb.begin(), vb.end());
  check.array("values", val, run(kext, ssa, asym, alb, fu0, ab0));
#endif
#endif
  return check.finish();
}
