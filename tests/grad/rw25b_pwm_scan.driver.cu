#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_pwm_scan");
  Rng rng(25107);
  const int nseq = 3, L = 150, W = 8;
  // a motif with a clear consensus; sequences with a few planted copies
  const int consensus[W] = {0, 2, 3, 3, 1, 0, 2, 1};
  std::vector<float> counts(W * NB);
  for (int k = 0; k < W; ++k)
    for (int b = 0; b < NB; ++b) counts[k * NB + b] = (float)(b == consensus[k] ? rng.uniform(12, 18) : rng.uniform(0.5, 3));
  std::vector<unsigned char> seqs(nseq * L);
  for (int i = 0; i < nseq * L; ++i) seqs[i] = (unsigned char)(rng.next() % NB);
  for (int q = 0; q < nseq; ++q)
    for (int c = 0; c < 3; ++c) {
      const int at = 10 + 45 * c + q;
      for (int k = 0; k < W; ++k) seqs[q * L + at + k] = (unsigned char)(c == 1 ? NB - 1 - consensus[W - 1 - k] : consensus[k]);
    }
  std::vector<float> bg = {0.3f, 0.2f, 0.2f, 0.3f};
  std::vector<float> hp = {0.8f, 6.0f, 0.9f};  // pseudocount, mu, beta
  DeviceArray<unsigned char> d_seq(seqs);
  auto run = [&](const std::vector<float>& c, const std::vector<float>& b, const std::vector<float>& h) {
    DeviceArray<float> d_c(c), d_b(b), d_occ(zeros<float>(nseq)), d_tot(zeros<float>(1));
    MotifParams p{h[0], h[1], h[2]};
    CUAD_LAUNCH(pwm_occupancy, nseq, THREADS, d_seq.ptr, L, d_c.ptr, W, d_b.ptr, p, d_occ.ptr, d_tot.ptr);
    std::vector<float> out = d_occ.get();
    out.push_back(d_tot.get()[0]);
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(nseq + 1);
  auto loss = [&] { return dot(w, run(counts, bg, hp)); };
  std::printf("occupancies:");
  for (float v : run(counts, bg, hp)) std::printf(" %.4f", v);
  std::printf("\n");
  DeviceArray<float> d_c(counts), d_b(bg), d_occ(zeros<float>(nseq)), d_tot(zeros<float>(1));
  DeviceArray<float> g_c(zeros<float>(counts.size())), g_b(zeros<float>(NB)),
      g_occ(std::vector<float>(w.begin(), w.begin() + nseq)), g_tot(std::vector<float>{w[nseq]});
  DeviceScalar<MotifParams> g_mp(MotifParams{0.0f, 0.0f, 0.0f});
  MotifParams p{hp[0], hp[1], hp[2]};
  CUAD_GRAD(CUAD_LAUNCH(pwm_occupancy_grad_2_4_5_6_7, nseq, THREADS, d_seq.ptr, L, d_c.ptr, W, d_b.ptr, p,
                        d_occ.ptr, d_tot.ptr, g_c.ptr, g_b.ptr, g_mp.ptr, g_occ.ptr, g_tot.ptr));
  check.array("counts", g_c.get(), fd(counts, loss));
  check.array("bg", g_b.get(), fd(bg, loss));
  const MotifParams gm = g_mp.value();
  check.array("mp", std::vector<float>{gm.pseudocount, gm.mu, gm.beta}, fd(hp, loss));
  check.array("occ", g_occ.get(), zeros<double>(nseq));
  // total is accumulated into (+=): its adjoint passes through
  check.array("total", g_tot.get(), std::vector<double>{w[nseq]});
#else
  const std::vector<float> vc = rng.vec<float>(counts.size()), vb = rng.vec<float>(NB, -0.05, 0.05),
                           vh = rng.vec<float>(3), vo = rng.vec<float>(nseq), vt = rng.vec<float>(1);
  auto outputs_at = [&](double t) {
    std::vector<float> o = run(along(counts, t, vc), along(bg, t, vb), along(hp, t, vh));
    o.back() += (float)(t * vt[0]);  // total's own tangent passes through the +=
    return as_doubles(o);
  };
  DeviceArray<float> d_c(counts), d_b(bg), d_occ(zeros<float>(nseq)), d_tot(zeros<float>(1)), t_c(vc), t_b(vb),
      t_occ(vo), t_tot(vt);
  MotifParams p{hp[0], hp[1], hp[2]}, tp{vh[0], vh[1], vh[2]};
  CUAD_GRAD(CUAD_LAUNCH(pwm_occupancy_pushforward, nseq, THREADS, d_seq.ptr, L, d_c.ptr, W, d_b.ptr, p,
                        d_occ.ptr, d_tot.ptr, t_c.ptr, t_b.ptr, tp, t_occ.ptr, t_tot.ptr));
  std::vector<float> got = t_occ.get();
  got.push_back(t_tot.get()[0]);
  check.array("tangents", as_doubles(got), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  std::vector<float> val = d_occ.get();
  val.push_back(d_tot.get()[0]);
  check.array("values", val, as_doubles(run(counts, bg, hp)));
#endif
#endif
  return check.finish();
}
