#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_rna_inside_semiring");
  Rng rng(25113);
  const int nrna = 3;
  std::vector<int> lens = {28, 17, 9};
  std::vector<unsigned char> seqs(nrna * MAXN, 0);
  for (int r = 0; r < nrna; ++r)
    for (int i = 0; i < lens[r]; ++i) seqs[r * MAXN + i] = (unsigned char)(rng.next() % 4);
  // A-U, C-G, G-U favourable, the rest unfavourable
  std::vector<double> ps(16);
  for (int x = 0; x < 4; ++x)
    for (int y = 0; y < 4; ++y) {
      const bool wc = (x + y == 3) || (x == 2 && y == 3) || (x == 3 && y == 2);
      ps[x * 4 + y] = wc ? rng.uniform(0.5, 1.5) : rng.uniform(-2.0, -1.0);
    }
  double beta = 0.8;
  DeviceArray<unsigned char> d_seq(seqs);
  DeviceArray<int> d_len(lens);
  auto run = [&](const std::vector<double>& p, double b) {
    DeviceArray<double> d_p(p), d_z(zeros<double>(nrna));
    CUAD_LAUNCH(rna_inside<LogProb>, nrna, 32, d_seq.ptr, d_len.ptr, d_p.ptr, b, d_z.ptr);
    return d_z.get();
  };
#if CUAD_OUTPUT == 1
  {
    DeviceArray<double> d_p(ps), d_z(zeros<double>(nrna));
    CUAD_LAUNCH(rna_inside<MaxPlus>, nrna, 32, d_seq.ptr, d_len.ptr, d_p.ptr, beta, d_z.ptr);
    const std::vector<double> zl = run(ps, beta), zm = d_z.get();
    for (int r = 0; r < nrna; ++r) std::printf("rna %d: log Z %.5f, best fold %.5f\n", r, zl[r], zm[r]);
  }
  const std::vector<double> w = rng.vec(nrna);
  auto loss = [&] { return dot(w, run(ps, beta)); };
  DeviceArray<double> d_p(ps), d_z(zeros<double>(nrna)), g_p(zeros<double>(16)), g_z(w);
  DeviceScalar<double> g_b(0.0);
  CUAD_GRAD(CUAD_LAUNCH(rna_inside_grad_2_3_4<LogProb>, nrna, 32, d_seq.ptr, d_len.ptr, d_p.ptr, beta, d_z.ptr, g_p.ptr,
                        g_b.ptr, g_z.ptr));
  check.array("pair_score", g_p.get(), fd(ps, loss));
  check.scalar("beta", g_b.value(), fd(beta, loss));
  check.array("logz", g_z.get(), zeros<double>(nrna));
#else
  const std::vector<double> vp = rng.vec(16), vz = rng.vec(nrna);
  const double vb = 0.3;
  auto outputs_at = [&](double t) { return run(along(ps, t, vp), along(beta, t, vb)); };
  DeviceArray<double> d_p(ps), d_z(zeros<double>(nrna)), t_p(vp), t_z(vz);
  CUAD_GRAD(CUAD_LAUNCH(rna_inside_pushforward<LogProb>, nrna, 32, d_seq.ptr, d_len.ptr, d_p.ptr, beta, d_z.ptr,
                        t_p.ptr, vb, t_z.ptr));
  check.array("logz tangent", t_z.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("logz value", d_z.get(), run(ps, beta));
#endif
#endif
  return check.finish();
}
