// cuad: --fn calibrate_and_price --wrt spreads,notional,recovery,upfront
// cuad: fwd --fn calibrate_and_price --wrt spreads,recovery,upfront
// Credit-index calibration as a host routine: a flat hazard rate is solved by a fixed number
// of Newton steps so that the notional-weighted CDS legs of all names balance. Each step
// launches a kernel that computes the residual and its derivative in the hazard rate (one
// thread per name, quarterly schedule, protection and premium legs, a hand-written dλ of
// each), reduced in shared memory and added to a 2-double device buffer with atomicAdd; the
// host copies the two scalars back into a std::vector, updates λ, and finally launches a
// second kernel that prices per-name upfronts at the calibrated λ. Gradients flow through the
// host Newton iterations and the device-to-host copies.
#include <cuda_runtime.h>
#include <vector>

#define CDS_BLOCK 32
#define N_PAY 20          // five years quarterly
#define NEWTON_STEPS 6
constexpr double kAccrual = 0.25;

struct CurveSpec {
  double rate;  // flat risk-free rate
};

__device__ __forceinline__ double disc(const CurveSpec& c, double t) { return exp(-c.rate * t); }

__global__ void cds_residual(const double* __restrict__ spreads, const double* __restrict__ notional,
                             double recovery, double lambda, CurveSpec curve, int n_names,
                             double* __restrict__ acc /* [0] residual, [1] d residual / d lambda */) {
  __shared__ double s_f[CDS_BLOCK];
  __shared__ double s_df[CDS_BLOCK];
  const int i = blockIdx.x * CDS_BLOCK + threadIdx.x;
  double f = 0.0, df = 0.0;
  if (i < n_names) {
    double prot = 0.0, prem = 0.0, dprot = 0.0, dprem = 0.0;
    double q_prev = 1.0, dq_prev = 0.0;
    for (int k = 1; k <= N_PAY; ++k) {
      const double t = k * kAccrual;
      const double q = exp(-lambda * t);
      const double dq = -t * q;
      const double d = disc(curve, t);
      prot += (1.0 - recovery) * d * (q_prev - q);
      dprot += (1.0 - recovery) * d * (dq_prev - dq);
      prem += spreads[i] * kAccrual * d * 0.5 * (q + q_prev);  // accrual on default
      dprem += spreads[i] * kAccrual * d * 0.5 * (dq + dq_prev);
      q_prev = q;
      dq_prev = dq;
    }
    f = notional[i] * (prot - prem);
    df = notional[i] * (dprot - dprem);
  }
  s_f[threadIdx.x] = f;
  s_df[threadIdx.x] = df;
  __syncthreads();
#pragma unroll
  for (int s = CDS_BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) {
      s_f[threadIdx.x] += s_f[threadIdx.x + s];
      s_df[threadIdx.x] += s_df[threadIdx.x + s];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    atomicAdd(&acc[0], s_f[0]);
    atomicAdd(&acc[1], s_df[0]);
  }
}

__global__ void cds_upfront(const double* __restrict__ spreads, double recovery, double lambda,
                            CurveSpec curve, double coupon, int n_names, double* __restrict__ upf) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_names) return;
  // the name's own hazard from the credit triangle, blended with the index level
  const double lam_i = 0.5 * (lambda + spreads[i] / (1.0 - recovery));
  double prot = 0.0, rpv01 = 0.0, q_prev = 1.0;
  for (int k = 1; k <= N_PAY; ++k) {
    const double t = k * kAccrual;
    const double q = exp(-lam_i * t);
    prot += (1.0 - recovery) * disc(curve, t) * (q_prev - q);
    rpv01 += kAccrual * disc(curve, t) * 0.5 * (q + q_prev);
    q_prev = q;
  }
  upf[i] = prot - coupon * rpv01;
}

void calibrate_and_price(const double* spreads, const double* notional, double recovery,
                         double rate, int n_names, double* upfront) {
  const size_t bytes = n_names * sizeof(double);
  double *d_spreads, *d_notional, *d_acc, *d_upf;
  cudaMalloc(&d_spreads, bytes);
  cudaMalloc(&d_notional, bytes);
  cudaMalloc(&d_acc, 2 * sizeof(double));
  cudaMalloc(&d_upf, bytes);
  cudaMemcpy(d_spreads, spreads, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_notional, notional, bytes, cudaMemcpyHostToDevice);
  CurveSpec curve{rate};
  const int blocks = (n_names + CDS_BLOCK - 1) / CDS_BLOCK;
  // initial guess from the credit triangle at the first spread
  double lambda = spreads[0] / (1.0 - recovery);
  std::vector<double> h_acc(2);
  for (int it = 0; it < NEWTON_STEPS; ++it) {
    cudaMemset(d_acc, 0, 2 * sizeof(double));
    cds_residual<<<blocks, CDS_BLOCK>>>(d_spreads, d_notional, recovery, lambda, curve, n_names,
                                        d_acc);
    cudaMemcpy(h_acc.data(), d_acc, 2 * sizeof(double), cudaMemcpyDeviceToHost);
    lambda -= h_acc[0] / h_acc[1];
  }
  cds_upfront<<<blocks, CDS_BLOCK>>>(d_spreads, recovery, lambda, curve, 0.01, n_names, d_upf);
  cudaMemcpy(upfront, d_upf, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_spreads);
  cudaFree(d_notional);
  cudaFree(d_acc);
  cudaFree(d_upf);
}
