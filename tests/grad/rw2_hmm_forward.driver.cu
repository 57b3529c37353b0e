#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_hmm_forward");
  const int S_ = 3, V = 4, T = 6, nseq = 5;
  Rng rng(228);
  std::vector<double> A = rng.vec(S_ * S_, -2.0, 0.0), B = rng.vec(S_ * V, -2.0, 0.0),
                      pi = rng.vec(S_, -1.5, 0.0), ll = rng.vec(nseq), w = rng.vec(nseq);
  std::vector<int> obs(nseq * T);
  for (int i = 0; i < nseq * T; ++i) obs[i] = (i * 7 + 3) % V;
  DeviceArray<int> d_obs(obs);
  auto loss = [&] {
    DeviceArray<double> d_ll(ll), d_A(A), d_B(B), d_pi(pi);
    CUAD_LAUNCH(hmm_forward, 1, 32, d_ll.ptr, d_A.ptr, d_B.ptr, d_pi.ptr, d_obs.ptr, T, V, nseq);
    return dot(w, d_ll.get());
  };
  DeviceArray<double> d_ll(ll), d_A(A), d_B(B), d_pi(pi), a_ll(w), a_A(zeros<double>(A.size())),
      a_B(zeros<double>(B.size())), a_pi(zeros<double>(S_));
  CUAD_GRAD(CUAD_LAUNCH(hmm_forward_grad_0_1_2_3, 1, 32, d_ll.ptr, d_A.ptr, d_B.ptr, d_pi.ptr,
                        d_obs.ptr, T, V, nseq, a_ll.ptr, a_A.ptr, a_B.ptr, a_pi.ptr));
  check.array("loglik", a_ll.get(), fd(ll, loss));
  check.array("log_A", a_A.get(), fd(A, loss));
  check.array("log_B", a_B.get(), fd(B, loss));
  check.array("log_pi", a_pi.get(), fd(pi, loss));
  return check.finish();
}
