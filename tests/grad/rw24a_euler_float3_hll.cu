// cuad: --fn euler_hll_step --wrt U,Un,gamma
// cuad: fwd --fn euler_hll_step --wrt U,Un,gamma
// A 1-D Euler step in single precision with the conserved state stored as float3 (rho, rho u,
// E) and helper_math-style operators written by the user (+, -, scalar *), the physical flux
// and the HLL flux returning float3 from __device__ functions, Einfeldt-like wave speeds from
// fminf/fmaxf of the one-sided estimates, and transmissive boundaries by clamping the
// neighbour index (min/max on ints).
#include <cuda_runtime.h>

__device__ __forceinline__ float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ __forceinline__ float3 operator-(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ __forceinline__ float3 operator*(float s, float3 a) { return make_float3(s * a.x, s * a.y, s * a.z); }

__device__ __forceinline__ float pressure(float3 U, float gamma) {
  return (gamma - 1.0f) * (U.z - 0.5f * U.y * U.y / U.x);
}

__device__ float3 euler_flux(float3 U, float gamma) {
  const float u = U.y / U.x, p = pressure(U, gamma);
  return make_float3(U.y, U.y * u + p, u * (U.z + p));
}

__device__ float3 hll(float3 L, float3 R, float gamma) {
  const float uL = L.y / L.x, uR = R.y / R.x;
  const float cL = sqrtf(gamma * pressure(L, gamma) / L.x), cR = sqrtf(gamma * pressure(R, gamma) / R.x);
  const float SL = fminf(uL - cL, uR - cR), SR = fmaxf(uL + cL, uR + cR);
  const float3 FL = euler_flux(L, gamma), FR = euler_flux(R, gamma);
  if (SL >= 0.0f) return FL;
  if (SR <= 0.0f) return FR;
  return (1.0f / (SR - SL)) * (SR * FL - SL * FR + (SL * SR) * (R - L));
}

__global__ void euler_hll_step(const float3* __restrict__ U, float3* __restrict__ Un, float gamma,
                               float dt_dx, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int im = max(i - 1, 0), ip = min(i + 1, n - 1);
  const float3 Fl = hll(U[im], U[i], gamma);
  const float3 Fr = hll(U[i], U[ip], gamma);
  Un[i] = U[i] - dt_dx * (Fr - Fl);
}
