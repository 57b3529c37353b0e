#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_hmm_scaled");
  Rng rng(25104);
  const int K = 4, V = 5, nseq = 40, maxT = 10;  // two blocks of 32 threads
  std::vector<float> tl = rng.vec<float>(K * K, -1.0, 1.0), el = rng.vec<float>(K * V, -1.0, 1.0),
                     il = rng.vec<float>(K, -0.5, 0.5);
  std::vector<int> obs(nseq * maxT), lens(nseq);
  for (int q = 0; q < nseq; ++q) {
    lens[q] = 3 + (int)(rng.next() % (maxT - 2));
    for (int t = 0; t < maxT; ++t) obs[q * maxT + t] = (int)(rng.next() % V);
  }
  DeviceArray<int> d_obs(obs), d_lens(lens);
  const std::vector<float> wl = rng.vec<float>(nseq), wp = rng.vec<float>(nseq * K);
  auto loss = [&] {
    DeviceArray<float> a(tl), b(el), p(il), ll(zeros<float>(nseq)), post(zeros<float>(nseq * K));
    HmmParams hp{a.ptr, b.ptr, p.ptr};
    CUAD_LAUNCH((hmm_scaled_forward<4, 5>), 2, 32, hp, d_obs.ptr, d_lens.ptr, maxT, nseq, ll.ptr, post.ptr);
    return dot(wl, ll.get()) + dot(wp, post.get());
  };
  DeviceArray<float> a(tl), b(el), p(il), ll(zeros<float>(nseq)), post(zeros<float>(nseq * K));
  DeviceArray<float> ga(zeros<float>(K * K)), gb(zeros<float>(K * V)), gp(zeros<float>(K)), gll(wl), gpost(wp);
  HmmParams hp{a.ptr, b.ptr, p.ptr};
  DeviceScalar<HmmParams> ghp(HmmParams{ga.ptr, gb.ptr, gp.ptr});
  CUAD_GRAD(CUAD_LAUNCH((hmm_scaled_forward_grad_0_5_6<4, 5>), 2, 32, hp, d_obs.ptr, d_lens.ptr, maxT, nseq,
                        ll.ptr, post.ptr, ghp.ptr, gll.ptr, gpost.ptr));
  check.array("trans_logits", ga.get(), fd(tl, loss));
  check.array("emit_logits", gb.get(), fd(el, loss));
  check.array("init_logits", gp.get(), fd(il, loss));
  check.array("loglik", gll.get(), zeros<double>(nseq));
  check.array("post_last", gpost.get(), zeros<double>(nseq * K));
  return check.finish();
}
