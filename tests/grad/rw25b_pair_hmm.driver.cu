#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_pair_hmm");
  Rng rng(25109);
  const int nreads = 3, nhaps = 2, npairs = nreads * nhaps;
  const char bases[4] = {'A', 'C', 'G', 'T'};
  std::vector<char> haps(nhaps * MAXH, 'A'), reads(nreads * MAXR, 'A');
  std::vector<int> hl = {22, 19}, rl = {12, 16, 9};
  for (int j = 0; j < MAXH; ++j) haps[j] = bases[rng.next() % 4];
  for (int j = 0; j < MAXH; ++j) haps[MAXH + j] = (j == 7 || j == 12) ? bases[rng.next() % 4] : haps[j + (j > 9)];
  const int start[3] = {3, 1, 8};
  for (int r = 0; r < nreads; ++r)
    for (int i = 0; i < MAXR; ++i) {
      const char c = haps[(start[r] + i) % MAXH];
      reads[r * MAXR + i] = rng.uniform(0, 1) < 0.85 ? c : (i == 5 ? 'N' : bases[rng.next() % 4]);
    }
  std::vector<float> qual = rng.vec<float>(nreads * MAXR, 12.0, 35.0);
  float gop = 40.0f, gcp = 10.0f;
  std::vector<int> pr(npairs), ph(npairs);
  for (int k = 0; k < npairs; ++k) pr[k] = k / nhaps, ph[k] = k % nhaps;
  DeviceArray<char> d_r(reads), d_h(haps);
  DeviceArray<int> d_rl(rl), d_hl(hl), d_pr(pr), d_ph(ph);
  const std::vector<float> w = rng.vec<float>(npairs);
  auto loss = [&] {
    DeviceArray<float> d_q(qual), d_ll(zeros<float>(npairs));
    CUAD_LAUNCH(pair_hmm_forward, 1, 32, d_r.ptr, d_q.ptr, d_rl.ptr, d_h.ptr, d_hl.ptr, d_pr.ptr, d_ph.ptr, npairs,
                gop, gcp, d_ll.ptr);
    return dot(w, d_ll.get());
  };
  {
    DeviceArray<float> d_q(qual), d_ll(zeros<float>(npairs));
    CUAD_LAUNCH(pair_hmm_forward, 1, 32, d_r.ptr, d_q.ptr, d_rl.ptr, d_h.ptr, d_hl.ptr, d_pr.ptr, d_ph.ptr, npairs,
                gop, gcp, d_ll.ptr);
    std::printf("log10 likelihoods:");
    for (float v : d_ll.get()) std::printf(" %.3f", v);
    std::printf("\n");
  }
  DeviceArray<float> d_q(qual), d_ll(zeros<float>(npairs)), g_q(zeros<float>(qual.size())), g_ll(w);
  DeviceScalar<float> g_gop(0.0f), g_gcp(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(pair_hmm_forward_grad_1_8_9_10, 1, 32, d_r.ptr, d_q.ptr, d_rl.ptr, d_h.ptr, d_hl.ptr,
                        d_pr.ptr, d_ph.ptr, npairs, gop, gcp, d_ll.ptr, g_q.ptr, g_gop.ptr, g_gcp.ptr, g_ll.ptr));
  check.array("qual", g_q.get(), fd(qual, loss));
  check.scalar("gop", g_gop.value(), fd(gop, loss));
  check.scalar("gcp", g_gcp.value(), fd(gcp, loss));
  check.array("loglik", g_ll.get(), zeros<double>(npairs));
  return check.finish();
}
