// Driver for workload 4, rank-3 tensor contraction (kernels/contraction.cu).
// Usage: contraction_bench K   (K = 64: 2^24 outputs; K = 1024: 2^20 outputs)
#include "bench.cuh"
#ifdef HAVE_CUAD
#include "contraction_gen.cu"
#ifndef GRAD_FN
#define GRAD_FN contract3_grad_0_1_2
#endif
#else
#include "../kernels/contraction.cu"
#endif

constexpr int kTile = 16;

// out[m, n] += sum_k P(m, k) Q(k, n) with P(m, k) = P[m*p_m + k*p_k], Q(k, n) = Q[k*q_k + n*q_n].
// Shared-memory tiles; each tile load walks the unit-stride index along threadIdx.x.
__global__ void gemm_acc(float* out, int M, int N, int K, const float* P, long p_m, long p_k, const float* Q,
                         long q_k, long q_n) {
  __shared__ float ps[kTile][kTile + 1];
  __shared__ float qs[kTile][kTile + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int m = blockIdx.y * kTile + ty, n = blockIdx.x * kTile + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += kTile) {
    // ps[mm][kk] = P(m0 + mm, k0 + kk)
    const int pm = p_k == 1 ? ty : tx, pk = p_k == 1 ? tx : ty;
    const int gm = blockIdx.y * kTile + pm, gk = k0 + pk;
    ps[pm][pk] = (gm < M && gk < K) ? P[gm * p_m + gk * p_k] : 0.0f;
    // qs[kk][nn] = Q(k0 + kk, n0 + nn)
    const int qk = q_n == 1 ? ty : tx, qn = q_n == 1 ? tx : ty;
    const int hk = k0 + qk, hn = blockIdx.x * kTile + qn;
    qs[qk][qn] = (hk < K && hn < N) ? Q[hk * q_k + hn * q_n] : 0.0f;
    __syncthreads();
    for (int kk = 0; kk < kTile; ++kk) acc += ps[ty][kk] * qs[kk][tx];
    __syncthreads();
  }
  if (m < M && n < N) out[(long)m * N + n] += acc;
}

// Hand-written adjoint as two GEMMs without atomics (every adjoint entry has one owner):
//   dA[ab, c] += sum_de dC[ab, de] B[c, de]     dB[c, de] += sum_ab A[ab, c] dC[ab, de]
void contract3_adj(const float* A, const float* B, int AB, int K, int DE, const float* dC, float* dA, float* dB) {
  const dim3 block(kTile, kTile);
  gemm_acc<<<dim3((K + kTile - 1) / kTile, (AB + kTile - 1) / kTile), block>>>(dA, AB, K, DE, dC, DE, 1, B, 1, DE);
  gemm_acc<<<dim3((DE + kTile - 1) / kTile, (K + kTile - 1) / kTile), block>>>(dB, K, DE, AB, A, 1, K, dC, DE, 1);
}

int main(int argc, char** argv) {
  using namespace bench;
  const int K = argc > 1 ? atoi(argv[1]) : 64;
  const std::string name = "contraction_k" + std::to_string(K);
  Result r(name.c_str());
  current_result() = &r;
  device_info(r);
  // K = 64: a = b = d = e = 64 (C has 2^24 entries); K = 1024: a = b = d = e = 32 (2^20).
  const int side = K <= 64 ? 64 : 32;
  const int na = side, nb = side, nd = side, ne = side;
  const int AB = na * nb, DE = nd * ne;
  const size_t nA = (size_t)AB * K, nB = (size_t)K * DE, nC = (size_t)AB * DE;
  r.num("K", K);
  r.num("n", (double)nC);
  float* A = dalloc<float>(nA);
  float* B = dalloc<float>(nB);
  float* C = dalloc<float>(nC);
  float* seed = dalloc<float>(nC);
  float* h_dA = dalloc<float>(nA);
  float* h_dB = dalloc<float>(nB);
  fill_uniform(A, nA, 31, -1.0, 1.0);
  fill_uniform(B, nB, 32, -1.0, 1.0);
  fill_uniform(seed, nC, 33, -1.0, 1.0);
  const int threads = 256;
  const int blocks = (int)((nC + threads - 1) / threads);

  auto forward = [&] { contract3<<<blocks, threads>>>(C, A, B, na, nb, K, nd, ne); };
  auto hand_prep = [&] { dzero(h_dA, nA); dzero(h_dB, nB); };
  auto hand = [&] { contract3_adj(A, B, AB, K, DE, seed, h_dA, h_dB); };

  // The loss is linear in each entry: FD with a large step is exact up to rounding.
  Outputs outs;
  outs.add(C, seed, nC);
  const auto ia = sample_indices(nA, 6, 14);
  const auto ib = sample_indices(nB, 6, 15);
  const auto fd_a = fd_at(A, ia, 0.0, 0.5, forward, outs);
  const auto fd_b = fd_at(B, ib, 0.0, 0.5, forward, outs);
  // Scale for absolute tolerances: a typical adjoint is about sqrt(reduction length) / 3.
  const double typical = std::sqrt((double)std::max(AB, DE)) / 3.0;

  Checks hand_checks;
  hand_prep();
  hand();
  CK_LAUNCH();
  CK(cudaDeviceSynchronize());
  hand_checks.list("hand d_A vs FD", values_at(h_dA, ia), fd_a, 1e-3, 1e-3 * typical);
  hand_checks.list("hand d_B vs FD", values_at(h_dB, ib), fd_b, 1e-3, 1e-3 * typical);

  Checks cuad_checks;
#ifdef HAVE_CUAD
  float* dC = dalloc<float>(nC);
  float* dA = dalloc<float>(nA);
  float* dB = dalloc<float>(nB);
  auto grad_prep = [&] { dcopy(dC, seed, nC); dzero(dA, nA); dzero(dB, nB); };
  auto grad = [&] { GRAD_FN<<<blocks, threads>>>(C, A, B, na, nb, K, nd, ne, dC, dA, dB); };
  grad_prep();
  grad();
  CK_LAUNCH();
  CK(cudaDeviceSynchronize());
  cuad_checks.list("cuad d_A vs FD", values_at(dA, ia), fd_a, 1e-3, 1e-3 * typical);
  cuad_checks.list("cuad d_B vs FD", values_at(dB, ib), fd_b, 1e-3, 1e-3 * typical);
  cuad_checks.arrays("cuad d_A vs hand", dA, h_dA, nA, 1e-3, 1e-4);
  cuad_checks.arrays("cuad d_B vs hand", dB, h_dB, nB, 1e-3, 1e-4);
  report_timing(r, "grad", time_ms(grad_prep, grad));
#endif
  report_timing(r, "forward", time_ms(noop, forward));
  report_timing(r, "hand", time_ms(hand_prep, hand));
  hand_checks.report(r, "hand");
  cuad_checks.report(r, "cuad");
  finish(r, BENCH_HAVE_CUAD, cuad_checks);
  return 0;
}
