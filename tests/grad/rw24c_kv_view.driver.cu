#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_kv_view");
  Rng rng(24308);
  const int H = 3, D = 6, slots = 7, pos = 5;
  const int st_tok = H * D + 2, st_head = D;
  const int nc = slots * st_tok, nh = H * D;
  const float scale = 0.4f;
  std::vector<float> q = rng.vec<float>(nh, -1.5, 1.5), kn = rng.vec<float>(nh, -1.5, 1.5), vn = rng.vec<float>(nh),
                     kcache = rng.vec<float>(nc, -1.5, 1.5), vcache = rng.vec<float>(nc), out = rng.vec<float>(nh);
  auto run = [&](std::vector<float>& kco, std::vector<float>& vco) {
    DeviceArray<float> dq(q), dkn(kn), dvn(vn), dkc(kcache), dvc(vcache), dout(out);
    CUAD_LAUNCH(decode_step_append, H, 8, dq.ptr, dkn.ptr, dvn.ptr, CacheView{dkc.ptr, st_tok, st_head},
                CacheView{dvc.ptr, st_tok, st_head}, dout.ptr, pos, D, scale);
    kco = dkc.get();
    vco = dvc.get();
    return dout.get();
  };
  const std::vector<float> wo = rng.vec<float>(nh), wk = rng.vec<float>(nc), wv = rng.vec<float>(nc);
  auto loss = [&] {
    std::vector<float> a, b;
    const std::vector<float> o = run(a, b);
    return dot(wo, o) + dot(wk, a) + dot(wv, b);
  };
  DeviceArray<float> dq(q), dkn(kn), dvn(vn), dkc(kcache), dvc(vcache), dout(out), gq(zeros<float>(nh)),
      gkn(zeros<float>(nh)), gvn(zeros<float>(nh)), gkc(wk), gvc(wv), gout(wo);
  CacheView kcv{dkc.ptr, st_tok, st_head}, vcv{dvc.ptr, st_tok, st_head};
  // a struct parameter's adjoint is a device pointer to a view of the adjoint buffer
  DeviceArray<CacheView> gkcv(std::vector<CacheView>{{gkc.ptr, st_tok, st_head}}),
      gvcv(std::vector<CacheView>{{gvc.ptr, st_tok, st_head}});
  CUAD_GRAD(CUAD_LAUNCH(decode_step_append_grad_0_1_2_3_4_5, H, 8, dq.ptr, dkn.ptr, dvn.ptr, kcv, vcv, dout.ptr,
                        pos, D, scale, gq.ptr, gkn.ptr, gvn.ptr, gkcv.ptr, gvcv.ptr, gout.ptr));
  check.array("q", gq.get(), fd(q, loss));
  check.array("k_new", gkn.get(), fd(kn, loss));
  check.array("v_new", gvn.get(), fd(vn, loss));
  check.array("kc", gkc.get(), fd(kcache, loss));
  check.array("vc", gvc.get(), fd(vcache, loss));
  check.array("out", gout.get(), zeros<double>(nh));
  return check.finish();
}
