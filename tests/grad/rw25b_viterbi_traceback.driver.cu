#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_viterbi_traceback");
  Rng rng(25115);
  const int nseq = 4;
  std::vector<int> frames = {16, 9, 12, 5};
  // sticky transitions, emission scores drawn continuous so no ties within the FD step
  std::vector<double> A(KS * KS);
  for (int i = 0; i < KS; ++i)
    for (int j = 0; j < KS; ++j) A[i * KS + j] = (i == j ? -0.2 : -2.5) + rng.uniform(-0.3, 0.3);
  std::vector<double> E = rng.vec(nseq * MAXT * KS, -3.0, 0.0);
  DeviceArray<int> d_f(frames);
  const std::vector<double> wb = rng.vec(nseq), wp = rng.vec(nseq);
  auto run = [&](std::vector<int>* path_out) {
    DeviceArray<double> d_A(A), d_E(E), d_b(zeros<double>(nseq)), d_p(zeros<double>(nseq));
    DeviceArray<int> d_path(std::vector<int>(nseq * MAXT, -1));
    CUAD_LAUNCH(viterbi_decode, 1, 32, d_A.ptr, d_E.ptr, d_f.ptr, nseq, d_b.ptr, d_p.ptr, d_path.ptr);
    if (path_out) *path_out = d_path.get();
    return dot(wb, d_b.get()) + dot(wp, d_p.get());
  };
  std::vector<int> path;
  run(&path);
  for (int q = 0; q < nseq; ++q) {
    std::printf("path %d:", q);
    for (int t = 0; t < frames[q]; ++t) std::printf(" %d", path[q * MAXT + t]);
    std::printf("\n");
  }
  auto loss = [&] { return run(nullptr); };
  DeviceArray<double> d_A(A), d_E(E), d_b(zeros<double>(nseq)), d_p(zeros<double>(nseq)), gA(zeros<double>(A.size())),
      gE(zeros<double>(E.size())), gb(wb), gp(wp);
  DeviceArray<int> d_path(std::vector<int>(nseq * MAXT, -1));
  CUAD_GRAD(CUAD_LAUNCH(viterbi_decode_grad_0_1_4_5, 1, 32, d_A.ptr, d_E.ptr, d_f.ptr, nseq, d_b.ptr, d_p.ptr, d_path.ptr,
                        gA.ptr, gE.ptr, gb.ptr, gp.ptr));
  check.array("log_A", gA.get(), fd(A, loss));
  check.array("log_emit", gE.get(), fd(E, loss));
  check.array("best", gb.get(), zeros<double>(nseq));
  check.array("path_emit", gp.get(), zeros<double>(nseq));
  return check.finish();
}
