#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_paged_decode");
  Rng rng(24306);
  const int HD = 16, S = 3, H = 4, n_phys = 7;
  PagedLayout L{4, 3, 4 * (H * HD + 8), H * HD + 8, HD};
  // sequences 0 and 2 share physical block 5 as their prefix
  std::vector<int> tables = {5, 1, 3, 2, 6, 0, 5, 4, 0};
  std::vector<int> ctx = {10, 7, 5};
  const int nq = S * H * HD, nkv = n_phys * L.stride_block;
  const size_t shmem = H * L.max_blocks_per_seq * L.block_size * sizeof(float);
  const float scale = 0.25f;
  std::vector<float> q = rng.vec<float>(nq, -1.5, 1.5), kc = rng.vec<float>(nkv, -1.5, 1.5),
                     vc = rng.vec<float>(nkv), out = rng.vec<float>(nq);
  auto run = [&](const std::vector<float>& qv, const std::vector<float>& kv, const std::vector<float>& vv) {
    DeviceArray<float> dq(qv), dk(kv), dv(vv), dout(out);
    DeviceArray<int> dt(tables), dc(ctx);
    CUAD_LAUNCH_SHARED(paged_decode_attn<16>, S, H * HD, shmem, dout.ptr, dq.ptr, dk.ptr, dv.ptr, dt.ptr,
                       dc.ptr, L, scale);
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(nq);
  auto loss = [&] { return dot(w, run(q, kc, vc)); };
  DeviceArray<float> dq(q), dk(kc), dv(vc), dout(out), gq(zeros<float>(nq)), gk(zeros<float>(nkv)),
      gv(zeros<float>(nkv)), gout(w);
  DeviceArray<int> dt(tables), dc(ctx);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(paged_decode_attn_grad_0_1_2_3<16>, S, H * HD, 2 * shmem, dout.ptr, dq.ptr,
                               dk.ptr, dv.ptr, dt.ptr, dc.ptr, L, scale, gout.ptr, gq.ptr, gk.ptr, gv.ptr));
  check.array("q", gq.get(), fd(q, loss));
  // the cache is large: check every entry of the blocks in use, a stride of the rest
  check.array("k_cache", gk.get(), fd(kc, loss));
  check.array("v_cache", gv.get(), fd(vc, loss));
  check.array("out", gout.get(), zeros<double>(nq));
#else
  const std::vector<float> vq = rng.vec<float>(nq), vk = rng.vec<float>(nkv), vv = rng.vec<float>(nkv);
  auto outputs_at = [&](double t) { return as_doubles(run(along(q, t, vq), along(kc, t, vk), along(vc, t, vv))); };
  DeviceArray<float> dq(q), dk(kc), dv(vc), dout(out), tq(vq), tk(vk), tv(vv), tout(zeros<float>(nq));
  DeviceArray<int> dt(tables), dc(ctx);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(paged_decode_attn_pushforward_0_1_2_3<16>, S, H * HD, 2 * shmem, dout.ptr,
                               dq.ptr, dk.ptr, dv.ptr, dt.ptr, dc.ptr, L, scale, tout.ptr, tq.ptr, tk.ptr, tv.ptr));
  check.array("out tangent", as_doubles(tout.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
