// cuad: --fn hmm_forward --wrt loglik,log_A,log_B,log_pi
// HMM forward algorithm in log space (one sequence per thread): alpha over S states in a local
// array, a second local array for the next step copied back each time step, log-sum-exp with
// max subtraction over predecessor states, emissions gathered by integer observations.
#define S 3

__device__ double logsumexp_row(const double* v, int n) {
  double m = v[0];
  for (int i = 1; i < n; ++i) m = fmax(m, v[i]);
  double s = 0.0;
  for (int i = 0; i < n; ++i) s += exp(v[i] - m);
  return m + log(s);
}

__global__ void hmm_forward(double* loglik, const double* log_A, const double* log_B,
                            const double* log_pi, const int* obs, int T, int V, int nseq) {
  const int q = blockIdx.x * blockDim.x + threadIdx.x;
  if (q >= nseq) return;
  const int* o = obs + q * T;
  double alpha[S], next[S], tmp[S];
  for (int s = 0; s < S; ++s) alpha[s] = log_pi[s] + log_B[s * V + o[0]];
  for (int t = 1; t < T; ++t) {
    for (int s = 0; s < S; ++s) {
      for (int r = 0; r < S; ++r) tmp[r] = alpha[r] + log_A[r * S + s];
      next[s] = logsumexp_row(tmp, S) + log_B[s * V + o[t]];
    }
    for (int s = 0; s < S; ++s) alpha[s] = next[s];
  }
  loglik[q] = logsumexp_row(alpha, S);
}
