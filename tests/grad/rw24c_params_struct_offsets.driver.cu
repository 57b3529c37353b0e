#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_params_struct_offsets");
  Rng rng(24331);
  const int B = 2, H = 2, T = 4, D = 3;
  // q, k, v in one (B, T, 3, H, D) qkv-packed layout would alias; keep separate (B, T, H, D) buffers
  const int n = B * T * H * D;
  std::vector<float> q = rng.vec<float>(n, -1.5, 1.5), k = rng.vec<float>(n, -1.5, 1.5), v = rng.vec<float>(n),
                     o = rng.vec<float>(n);
  float scale = 0.55f;
  auto make = [&](const float* qp, const float* kp, const float* vp, float* op, float sc) {
    AttnParams p;
    p.q = qp, p.k = kp, p.v = vp, p.o = op;
    p.q_row_stride = p.k_row_stride = p.v_row_stride = p.o_row_stride = H * D;
    p.q_head_stride = p.k_head_stride = p.v_head_stride = p.o_head_stride = D;
    p.q_batch_stride = p.k_batch_stride = p.v_batch_stride = p.o_batch_stride = T * H * D;
    p.seqlen = T, p.head_dim = D, p.scale = sc;
    return p;
  };
  const dim3 grid(1, H, B);
  auto run = [&](const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c, float sc) {
    DeviceArray<float> dq(a), dk(b), dv(c), dout(o);
    CUAD_LAUNCH(attn_fwd_params, grid, 8, make(dq.ptr, dk.ptr, dv.ptr, dout.ptr, sc));
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(q, k, v, scale)); };
  DeviceArray<float> dq(q), dk(k), dv(v), dout(o), gq(zeros<float>(n)), gk(zeros<float>(n)), gv(zeros<float>(n)), go(w);
  // the struct's adjoint: a device copy of the struct pointing at the adjoint buffers
  DeviceArray<AttnParams> gp(std::vector<AttnParams>{make(gq.ptr, gk.ptr, gv.ptr, go.ptr, 0.0f)});
  CUAD_GRAD(CUAD_LAUNCH(attn_fwd_params_grad, grid, 8, make(dq.ptr, dk.ptr, dv.ptr, dout.ptr, scale), gp.ptr));
  check.array("q", gq.get(), fd(q, loss));
  check.array("k", gk.get(), fd(k, loss));
  check.array("v", gv.get(), fd(v, loss));
  check.array("o", go.get(), zeros<double>(n));
  check.scalar("scale", gp.get()[0].scale, fd(scale, loss));
#else
  const std::vector<float> vq = rng.vec<float>(n), vk = rng.vec<float>(n), vv = rng.vec<float>(n);
  const float vs = 0.3f;
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(q, t, vq), along(k, t, vk), along(v, t, vv), along(scale, t, vs)));
  };
  DeviceArray<float> dq(q), dk(k), dv(v), dout(o), tq(vq), tk(vk), tv(vv), to(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(attn_fwd_params_pushforward, grid, 8, make(dq.ptr, dk.ptr, dv.ptr, dout.ptr, scale),
                        make(tq.ptr, tk.ptr, tv.ptr, to.ptr, vs)));
  check.array("o tangent", as_doubles(to.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
