#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int NB = 6, NJ = 5, ITERS = 4;

__global__ void ik_batch(double* theta, const double* len, const double* tgt, const double* damping, double* loss) {
  const int b = threadIdx.x;
  if (b >= NB) return;
  loss[b] = ik_dls(theta + b * NJ, NJ, len, tgt[2 * b], tgt[2 * b + 1], damping[b], ITERS);
}

#if !defined(CUAD_SELFTEST)
// One gradient per problem; the loss's own weight wl[b] scales the seeds: the gradient's
// return seed is 1, so theta's output seed is w / wl and the results are scaled back.
__global__ void ik_batch_grad(double* theta, const double* len, const double* tgt, const double* damping,
                              const double* wl, const double* wt, double* g_theta, double* g_len, double* g_tgt,
                              double* g_damp) {
  const int b = threadIdx.x;
  if (b >= NB) return;
  double gt[NJ], gl[NJ];
  for (int k = 0; k < NJ; ++k) gt[k] = wt[b * NJ + k] / wl[b], gl[k] = 0.0;
  double gx = 0.0, gy = 0.0, gd = 0.0;
  ik_dls_grad_0_2_3_4_5(theta + b * NJ, NJ, len, tgt[2 * b], tgt[2 * b + 1], damping[b], ITERS, gt, gl, &gx, &gy, &gd);
  for (int k = 0; k < NJ; ++k) {
    g_theta[b * NJ + k] = wl[b] * gt[k];
    atomicAdd(&g_len[k], wl[b] * gl[k]);
  }
  g_tgt[2 * b] = wl[b] * gx;
  g_tgt[2 * b + 1] = wl[b] * gy;
  g_damp[b] = wl[b] * gd;
}
#endif

int main() {
  Checker check("rw24e_ik_dls_unrolled");
  Rng rng(24506);
  std::vector<double> theta = rng.vec<double>(NB * NJ, -0.8, 0.8), len = rng.vec<double>(NJ, 0.4, 1.0),
                      tgt(2 * NB), damp = rng.vec<double>(NB, 0.05, 0.3);
  for (int b = 0; b < NB; ++b) {
    const double r = rng.uniform(0.8, 2.2), a = rng.uniform(-2.0, 2.0);
    tgt[2 * b] = r * std::cos(a), tgt[2 * b + 1] = r * std::sin(a);
  }
  const std::vector<double> wl = rng.vec<double>(NB, 0.5, 1.5), wt = rng.vec<double>(NB * NJ);
  auto loss = [&] {
    DeviceArray<double> d_th(theta), d_l(len), d_t(tgt), d_d(damp), d_o(zeros<double>(NB));
    CUAD_LAUNCH(ik_batch, 1, 32, d_th.ptr, d_l.ptr, d_t.ptr, d_d.ptr, d_o.ptr);
    return dot(wl, d_o.get()) + dot(wt, d_th.get());
  };
  DeviceArray<double> d_th(theta), d_l(len), d_t(tgt), d_d(damp), d_wl(wl), d_wt(wt), g_th(zeros<double>(NB * NJ)),
      g_l(zeros<double>(NJ)), g_t(zeros<double>(2 * NB)), g_d(zeros<double>(NB));
  CUAD_GRAD(CUAD_LAUNCH(ik_batch_grad, 1, 32, d_th.ptr, d_l.ptr, d_t.ptr, d_d.ptr, d_wl.ptr, d_wt.ptr, g_th.ptr, g_l.ptr,
                        g_t.ptr, g_d.ptr));
  check.array("theta", g_th.get(), fd(theta, loss));
  check.array("len", g_l.get(), fd(len, loss));
  check.array("target", g_t.get(), fd(tgt, loss));
  check.array("damping", g_d.get(), fd(damp, loss));
  return check.finish();
}
