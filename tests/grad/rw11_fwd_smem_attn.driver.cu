#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw11_fwd_smem_attn");
  const int nq = 6, nkeys = 27, d = 8;
  Rng rng(1106);
  std::vector<double> q = rng.vec(nq * d), k = rng.vec(nkeys * d), v = rng.vec(nkeys * d),
                      vq = rng.vec(nq * d), out0 = zeros<double>(nq * d);
  // spread the keys so the maximum score is unique per row by a clear margin
  for (int j = 0; j < nkeys; ++j) k[j * d] += 0.15 * j;
  for (int r = 0; r < nq; ++r) q[r * d] = 2.0 + 0.3 * r;
  AttnCfg cfg{0.7, 0.25, 0}, vcfg{0.3, -0.5, 0};
#if CUAD_OUTPUT == 1
  std::vector<double> vk = rng.vec(nkeys * d), vv = rng.vec(nkeys * d);
#else
  std::vector<double> vk = zeros<double>(nkeys * d), vv = zeros<double>(nkeys * d);
  cfg.causal = 1;
#endif
  auto outputs_at = [&](double t) {
    AttnCfg c{along(cfg.inv_temp, t, vcfg.inv_temp), along(cfg.slope, t, vcfg.slope), cfg.causal};
    DeviceArray<double> dq(along(q, t, vq)), dk(along(k, t, vk)), dv(along(v, t, vv)),
        dout(out0);
    CUAD_LAUNCH(attn_row, nq, KEYS, dq.ptr, dk.ptr, dv.ptr, c, dout.ptr, nkeys, d);
    return dout.get();
  };
  DeviceArray<double> dq(q), dk(k), dv(v), dout(out0), d_q(vq), d_k(vk), d_v(vv),
      d_out(nq * d, 2.0);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(attn_row_pushforward, nq, KEYS, dq.ptr, dk.ptr, dv.ptr, cfg, dout.ptr,
                        nkeys, d, d_q.ptr, d_k.ptr, d_v.ptr, vcfg, d_out.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH(attn_row_pushforward_0_3_4, nq, KEYS, dq.ptr, dk.ptr, dv.ptr, cfg,
                        dout.ptr, nkeys, d, d_q.ptr, vcfg, d_out.ptr));
#endif
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
  return check.finish();
}
