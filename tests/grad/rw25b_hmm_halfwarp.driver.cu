#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_hmm_halfwarp");
  Rng rng(25105);
  const int K = NSTATE, V = 4, nseq = 5, maxT = 9;  // 5 half-warps: the last warp's upper half idle
  std::vector<double> A = rng.vec(K * K, -3.0, -1.0), B = rng.vec(K * V, -2.5, -0.5), pi = rng.vec(K, -3.5, -2.0);
  std::vector<int> obs(nseq * maxT), lens = {9, 4, 7, 2, 6};
  for (int i = 0; i < nseq * maxT; ++i) obs[i] = (int)(rng.next() % V);
  DeviceArray<int> d_obs(obs), d_lens(lens);
  const std::vector<double> wl = rng.vec(nseq), wp = rng.vec(nseq * K);
  auto loss = [&] {
    DeviceArray<double> a(A), b(B), p(pi), ll(zeros<double>(nseq)), po(zeros<double>(nseq * K));
    CUAD_LAUNCH(hmm_logspace_halfwarp, 2, 64, a.ptr, b.ptr, p.ptr, d_obs.ptr, d_lens.ptr, maxT, V, nseq, ll.ptr, po.ptr);
    return dot(wl, ll.get()) + dot(wp, po.get());
  };
  DeviceArray<double> a(A), b(B), p(pi), ll(zeros<double>(nseq)), po(zeros<double>(nseq * K));
  DeviceArray<double> ga(zeros<double>(K * K)), gb(zeros<double>(K * V)), gp(zeros<double>(K)), gl(wl), gpo(wp);
  CUAD_GRAD(CUAD_LAUNCH(hmm_logspace_halfwarp_grad_0_1_2_8_9, 2, 64, a.ptr, b.ptr, p.ptr, d_obs.ptr, d_lens.ptr,
                        maxT, V, nseq, ll.ptr, po.ptr, ga.ptr, gb.ptr, gp.ptr, gl.ptr, gpo.ptr));
  check.array("log_A", ga.get(), fd(A, loss));
  check.array("log_B", gb.get(), fd(B, loss));
  check.array("log_pi", gp.get(), fd(pi, loss));
  check.array("loglik", gl.get(), zeros<double>(nseq));
  check.array("post", gpo.get(), zeros<double>(nseq * K));
  return check.finish();
}
