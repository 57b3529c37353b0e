// cuad: --fn ewald_reciprocal --wrt xyzq,alpha,force_out
// The reciprocal-space part of a plain Ewald sum (no mesh) for a small charged system in a
// cubic box, single precision, as a teaching MD code computes it. The host enumerates the
// k-vectors (integer triples within a spherical cutoff, half of k-space by symmetry) into
// fixed-size std::vectors (counted in a first pass, filled in a second) and the Gaussian-screened influence coefficients, which depend on the
// splitting parameter alpha. Kernel 1: one block per k-vector computes the structure factor
// S(k) = sum_i q_i exp(i k.r_i) (sincosf with pointer outputs, a shared-memory tree
// reduction of the real and imaginary parts, a float2 store). The host copies S(k) back and
// sums the energy; kernel 2: one thread per atom computes its reciprocal-space force from
// S(k). Forces are copied out; the energy is returned.
#include <cuda_runtime.h>
#include <cmath>
#include <vector>

#define SF_BLOCK 64

__global__ void structure_factors(int n, const float4* __restrict__ xyzq, const float3* __restrict__ kvec,
                                  float2* __restrict__ S) {
  __shared__ float s_re[SF_BLOCK];
  __shared__ float s_im[SF_BLOCK];
  const int tid = threadIdx.x;
  const float3 k = kvec[blockIdx.x];
  float re = 0.0f, im = 0.0f;
  for (int i = tid; i < n; i += SF_BLOCK) {
    const float4 a = xyzq[i];
    float s, c;
    sincosf(k.x * a.x + k.y * a.y + k.z * a.z, &s, &c);
    re += a.w * c;
    im += a.w * s;
  }
  s_re[tid] = re;
  s_im[tid] = im;
  __syncthreads();
  for (int stride = SF_BLOCK / 2; stride > 0; stride >>= 1) {
    if (tid < stride) {
      s_re[tid] += s_re[tid + stride];
      s_im[tid] += s_im[tid + stride];
    }
    __syncthreads();
  }
  if (tid == 0) S[blockIdx.x] = make_float2(s_re[0], s_im[0]);
}

__global__ void recip_forces(int n, int nk, const float4* __restrict__ xyzq, const float3* __restrict__ kvec,
                             const float* __restrict__ coef, const float2* __restrict__ S, float* __restrict__ force) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float4 a = xyzq[i];
  float fx = 0.0f, fy = 0.0f, fz = 0.0f;
  for (int m = 0; m < nk; ++m) {
    const float3 k = kvec[m];
    const float kr = k.x * a.x + k.y * a.y + k.z * a.z;
    const float2 sk = S[m];
    // -dE/dr_i for E = sum_k coef_k |S_k|^2 (half k-space, factor 2 folded into coef)
    const float g = 2.0f * coef[m] * a.w * (sinf(kr) * sk.x - cosf(kr) * sk.y);
    fx += g * k.x;
    fy += g * k.y;
    fz += g * k.z;
  }
  force[3 * i] = fx;
  force[3 * i + 1] = fy;
  force[3 * i + 2] = fz;
}

// half of k-space (hx > 0, or hx == 0 and (hy > 0 or hy == 0 and hz > 0)) inside the sphere
static bool in_half_sphere(int hx, int hy, int hz, int kmax) {
  if (hx == 0 && (hy < 0 || (hy == 0 && hz <= 0))) return false;
  return hx * hx + hy * hy + hz * hz <= kmax * kmax;
}

float ewald_reciprocal(const float* xyzq, int n, float L, float alpha, int kmax, float* force_out) {
  const float two_pi_L = 2.0f * 3.14159265f / L;
  const float volume = L * L * L;
  // count the k-vectors first, then fill fixed-size host buffers
  int nk = 0;
  for (int hx = 0; hx <= kmax; ++hx)
    for (int hy = -kmax; hy <= kmax; ++hy)
      for (int hz = -kmax; hz <= kmax; ++hz)
        if (in_half_sphere(hx, hy, hz, kmax)) ++nk;
  std::vector<float3> kv(nk);
  std::vector<float> coef(nk);
  int m = 0;
  for (int hx = 0; hx <= kmax; ++hx)
    for (int hy = -kmax; hy <= kmax; ++hy)
      for (int hz = -kmax; hz <= kmax; ++hz) {
        if (!in_half_sphere(hx, hy, hz, kmax)) continue;
        const float kx = two_pi_L * hx, ky = two_pi_L * hy, kz = two_pi_L * hz;
        const float k2 = kx * kx + ky * ky + kz * kz;
        kv[m] = make_float3(kx, ky, kz);
        coef[m] = 2.0f * 3.14159265f / volume * expf(-k2 / (4.0f * alpha * alpha)) / k2 * 2.0f;
        ++m;
      }
  float4* d_xyzq;
  float3* d_k;
  float* d_coef;
  float2* d_S;
  float* d_f;
  cudaMalloc(&d_xyzq, n * sizeof(float4));
  cudaMalloc(&d_k, nk * sizeof(float3));
  cudaMalloc(&d_coef, nk * sizeof(float));
  cudaMalloc(&d_S, nk * sizeof(float2));
  cudaMalloc(&d_f, 3 * n * sizeof(float));
  cudaMemcpy(d_xyzq, xyzq, n * sizeof(float4), cudaMemcpyHostToDevice);
  cudaMemcpy(d_k, kv.data(), nk * sizeof(float3), cudaMemcpyHostToDevice);
  cudaMemcpy(d_coef, coef.data(), nk * sizeof(float), cudaMemcpyHostToDevice);
  structure_factors<<<nk, SF_BLOCK>>>(n, d_xyzq, d_k, d_S);
  std::vector<float2> S(nk);
  cudaMemcpy(S.data(), d_S, nk * sizeof(float2), cudaMemcpyDeviceToHost);
  float energy = 0.0f;
  for (int m = 0; m < nk; ++m) energy += 0.5f * coef[m] * (S[m].x * S[m].x + S[m].y * S[m].y);
  recip_forces<<<(n + 31) / 32, 32>>>(n, nk, d_xyzq, d_k, d_coef, d_S, d_f);
  cudaMemcpy(force_out, d_f, 3 * n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_xyzq);
  cudaFree(d_k);
  cudaFree(d_coef);
  cudaFree(d_S);
  cudaFree(d_f);
  return energy;
}
