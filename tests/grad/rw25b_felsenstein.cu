// cuad: --fn phylo_loglik --wrt exch,freq_logits,blen
// cuad: --fn expm4_taylor --wrt Q,t,P
// Phylogenetic log-likelihood under the GTR model by Felsenstein's pruning algorithm, as a
// small maximum-likelihood tree scorer does it on a GPU. A first kernel (one thread per
// branch) builds the normalised GTR rate matrix Q from the 6 exchangeabilities and the base
// frequencies (a softmax of logits) and exponentiates Q * t by scaling and squaring of a
// Taylor polynomial on 4x4 local arrays. A second kernel (one thread per alignment column)
// walks the internal nodes in post-order from an index array of (parent, left, right)
// triplets, keeps every node's conditional likelihoods in a local [node][4] array indexed
// through that table, and takes log(sum_x pi_x L_root(x)); the columns' weighted
// log-likelihoods are summed by a warp-shuffle reduction and one atomicAdd per warp. Node k
// < ntaxa is a tip; the branch above node k uses transition matrix k.
#include <cuda_runtime.h>
#include <math.h>

#define NST 4
#define MAX_NODES 15
#define TAYLOR_ORDER 10
#define SQUARINGS 5

__host__ __device__ void mat_mul4(const double A[NST][NST], const double B[NST][NST], double C[NST][NST]) {
  for (int i = 0; i < NST; ++i)
    for (int j = 0; j < NST; ++j) {
      double s = 0.0;
      for (int k = 0; k < NST; ++k) s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

// P = exp(Q t) by scaling and squaring: Horner's form of the Taylor series of exp(X), X = Q t / 2^s.
__host__ __device__ void expm4_taylor(const double Q[NST][NST], double t, double P[NST][NST]) {
  double X[NST][NST], tmp[NST][NST];
  const double scale = t / (double)(1 << SQUARINGS);
  for (int i = 0; i < NST; ++i)
    for (int j = 0; j < NST; ++j) {
      X[i][j] = Q[i][j] * scale;
      P[i][j] = (i == j) ? 1.0 : 0.0;
    }
  for (int k = TAYLOR_ORDER; k >= 1; --k) {
    mat_mul4(X, P, tmp);
    for (int i = 0; i < NST; ++i)
      for (int j = 0; j < NST; ++j) P[i][j] = (i == j ? 1.0 : 0.0) + tmp[i][j] / k;
  }
  for (int s = 0; s < SQUARINGS; ++s) {
    mat_mul4(P, P, tmp);
    for (int i = 0; i < NST; ++i)
      for (int j = 0; j < NST; ++j) P[i][j] = tmp[i][j];
  }
}

__device__ void base_freqs(const double* logits, double* pi) {
  double s = 0.0;
  for (int x = 0; x < NST; ++x) {
    pi[x] = exp(logits[x]);
    s += pi[x];
  }
  for (int x = 0; x < NST; ++x) pi[x] /= s;
}

__global__ void gtr_transition_matrices(const double* exch, const double* freq_logits, const double* blen,
                                        int nbranch, double* P) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= nbranch) return;
  double pi[NST], Q[NST][NST];
  base_freqs(freq_logits, pi);
  // exchangeabilities in the order AC, AG, AT, CG, CT, GT
  int e = 0;
  for (int i = 0; i < NST; ++i)
    for (int j = i + 1; j < NST; ++j) {
      Q[i][j] = exch[e] * pi[j];
      Q[j][i] = exch[e] * pi[i];
      ++e;
    }
  double mu = 0.0;
  for (int i = 0; i < NST; ++i) {
    double row = 0.0;
    for (int j = 0; j < NST; ++j)
      if (j != i) row += Q[i][j];
    Q[i][i] = -row;
    mu += pi[i] * row;
  }
  for (int i = 0; i < NST; ++i)
    for (int j = 0; j < NST; ++j) Q[i][j] /= mu;
  double Pb[NST][NST];
  expm4_taylor(Q, blen[b], Pb);
  for (int i = 0; i < NST; ++i)
    for (int j = 0; j < NST; ++j) P[(b * NST + i) * NST + j] = Pb[i][j];
}

__global__ void pruning_sites(const int* tips, const double* P, const int* order, const double* freq_logits,
                              const double* site_w, int ntaxa, int n_internal, int nsites, double* total) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  double contrib = 0.0;
  if (s < nsites) {
    double L[MAX_NODES][NST];
    for (int k = 0; k < ntaxa; ++k) {
      const int c = tips[k * nsites + s];
      for (int x = 0; x < NST; ++x) L[k][x] = (c == x || c >= NST) ? 1.0 : 0.0;
    }
    for (int n = 0; n < n_internal; ++n) {
      const int p = order[3 * n], c1 = order[3 * n + 1], c2 = order[3 * n + 2];
      const double* P1 = P + c1 * NST * NST;
      const double* P2 = P + c2 * NST * NST;
      for (int x = 0; x < NST; ++x) {
        double a = 0.0, b = 0.0;
        for (int y = 0; y < NST; ++y) {
          a += P1[x * NST + y] * L[c1][y];
          b += P2[x * NST + y] * L[c2][y];
        }
        L[p][x] = a * b;
      }
    }
    const int root = order[3 * (n_internal - 1)];
    double pi[NST];
    base_freqs(freq_logits, pi);
    double lik = 0.0;
    for (int x = 0; x < NST; ++x) lik += pi[x] * L[root][x];
    contrib = site_w[s] * log(lik);
  }
  for (int off = 16; off > 0; off >>= 1) contrib += __shfl_down_sync(0xffffffffu, contrib, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(total, contrib);
}

double phylo_loglik(const int* tips, const double* exch, const double* freq_logits, const double* blen,
                    const int* order, const double* site_w, int ntaxa, int nsites) {
  const int n_internal = ntaxa - 1;
  const int nbranch = 2 * ntaxa - 2;  // every node but the root
  int *d_tips, *d_order;
  double *d_exch, *d_freq, *d_blen, *d_P, *d_w, *d_total;
  cudaMalloc(&d_tips, ntaxa * nsites * sizeof(int));
  cudaMalloc(&d_order, 3 * n_internal * sizeof(int));
  cudaMalloc(&d_exch, 6 * sizeof(double));
  cudaMalloc(&d_freq, NST * sizeof(double));
  cudaMalloc(&d_blen, nbranch * sizeof(double));
  cudaMalloc(&d_P, nbranch * NST * NST * sizeof(double));
  cudaMalloc(&d_w, nsites * sizeof(double));
  cudaMalloc(&d_total, sizeof(double));
  cudaMemcpy(d_tips, tips, ntaxa * nsites * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_order, order, 3 * n_internal * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_exch, exch, 6 * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_freq, freq_logits, NST * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_blen, blen, nbranch * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, site_w, nsites * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_total, 0, sizeof(double));
  gtr_transition_matrices<<<1, 32>>>(d_exch, d_freq, d_blen, nbranch, d_P);
  const int threads = 64;
  pruning_sites<<<(nsites + threads - 1) / threads, threads>>>(d_tips, d_P, d_order, d_freq, d_w, ntaxa,
                                                               n_internal, nsites, d_total);
  double total = 0.0;
  cudaMemcpy(&total, d_total, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_tips);
  cudaFree(d_order);
  cudaFree(d_exch);
  cudaFree(d_freq);
  cudaFree(d_blen);
  cudaFree(d_P);
  cudaFree(d_w);
  cudaFree(d_total);
  return total;
}
