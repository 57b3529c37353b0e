// cuad: --fn hmm_loglik_host --wrt A,B,pi,alpha_out
// An HMM forward pass driven from the host, as a first GPU port of a CPU Baum-Welch code:
// one kernel launch per time step computes the unnormalised alpha_t (one thread per state,
// the transition matrix column read from global memory), the host copies alpha_t back,
// computes the scaling factor c_t, accumulates log c_t, rescales alpha_t in a std::vector
// and uploads it for the next step. The filtered distribution of the last step is written
// to the caller's `alpha_out`; the function returns log P(o_1..o_T).
#include <cuda_runtime.h>
#include <math.h>
#include <vector>

__global__ void alpha_init(const double* pi, const double* B, int obs0, int K, int V, double* alpha) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < K) alpha[j] = pi[j] * B[j * V + obs0];
}

__global__ void alpha_step(const double* alpha_prev, const double* A, const double* B, int ot, int K, int V,
                           double* alpha) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= K) return;
  double s = 0.0;
  for (int i = 0; i < K; ++i) s += alpha_prev[i] * A[i * K + j];
  alpha[j] = s * B[j * V + ot];
}

double hmm_loglik_host(const double* A, const double* B, const double* pi, const int* obs, int T, int K, int V,
                       double* alpha_out) {
  double *d_A, *d_B, *d_pi, *d_prev, *d_cur;
  cudaMalloc(&d_A, K * K * sizeof(double));
  cudaMalloc(&d_B, K * V * sizeof(double));
  cudaMalloc(&d_pi, K * sizeof(double));
  cudaMalloc(&d_prev, K * sizeof(double));
  cudaMalloc(&d_cur, K * sizeof(double));
  cudaMemcpy(d_A, A, K * K * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_B, B, K * V * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_pi, pi, K * sizeof(double), cudaMemcpyHostToDevice);
  const int threads = 32, blocks = (K + threads - 1) / threads;
  std::vector<double> h(K);
  double loglik = 0.0;
  for (int t = 0; t < T; ++t) {
    if (t == 0)
      alpha_init<<<blocks, threads>>>(d_pi, d_B, obs[0], K, V, d_cur);
    else
      alpha_step<<<blocks, threads>>>(d_prev, d_A, d_B, obs[t], K, V, d_cur);
    cudaMemcpy(h.data(), d_cur, K * sizeof(double), cudaMemcpyDeviceToHost);
    double c = 0.0;
    for (int j = 0; j < K; ++j) c += h[j];
    for (int j = 0; j < K; ++j) h[j] /= c;
    loglik += log(c);
    cudaMemcpy(d_prev, h.data(), K * sizeof(double), cudaMemcpyHostToDevice);
  }
  for (int j = 0; j < K; ++j) alpha_out[j] = h[j];
  cudaFree(d_A);
  cudaFree(d_B);
  cudaFree(d_pi);
  cudaFree(d_prev);
  cudaFree(d_cur);
  return loglik;
}
