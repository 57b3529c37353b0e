// cuad: --fn total_energy<StVK,64> --wrt F,vol,model,total
// cuad: --fn total_energy<MooneyRivlin,64> --wrt F,model,total
// cuad: fwd --fn total_energy<NeoHookean,64> --wrt F,vol,model,total
// A small library of isotropic hyperelastic energy densities in single precision, as
// function objects on a 3x3 deformation gradient (a reference to a float[3][3]), and one
// kernel template that sums V_e psi(F_e) over all elements: a shared-memory tree reduction per
// block and an atomicAdd per block into the total. Invariants are shared helpers: the right
// Cauchy-Green tensor C = F^T F, I1 = tr C, I2 = (I1^2 - tr C^2)/2, J = det F. Mooney-Rivlin
// uses the isochoric invariants J^(-2/3) I1 and J^(-4/3) I2 (powf of a negative exponent).
#include <cuda_runtime.h>

__device__ void right_cauchy_green(const float (&F)[3][3], float (&C)[3][3]) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) C[i][j] = F[0][i] * F[0][j] + F[1][i] * F[1][j] + F[2][i] * F[2][j];
}

__device__ float det3(const float (&F)[3][3]) {
  return F[0][0] * (F[1][1] * F[2][2] - F[1][2] * F[2][1]) - F[0][1] * (F[1][0] * F[2][2] - F[1][2] * F[2][0]) +
         F[0][2] * (F[1][0] * F[2][1] - F[1][1] * F[2][0]);
}

struct StVK {
  float mu, lam;
  __device__ float operator()(const float (&F)[3][3]) const {
    float C[3][3];
    right_cauchy_green(F, C);
    float trE = 0.0f, EE = 0.0f;
    for (int i = 0; i < 3; ++i) {
      trE += 0.5f * (C[i][i] - 1.0f);
      for (int j = 0; j < 3; ++j) {
        const float e = 0.5f * (C[i][j] - (i == j ? 1.0f : 0.0f));
        EE += e * e;
      }
    }
    return mu * EE + 0.5f * lam * trE * trE;
  }
};

struct NeoHookean {
  float mu, lam;
  __device__ float operator()(const float (&F)[3][3]) const {
    float I1 = 0.0f;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) I1 += F[i][j] * F[i][j];
    const float logJ = logf(det3(F));
    return 0.5f * mu * (I1 - 3.0f) - mu * logJ + 0.5f * lam * logJ * logJ;
  }
};

struct MooneyRivlin {
  float c10, c01, kappa;
  __device__ float operator()(const float (&F)[3][3]) const {
    float C[3][3];
    right_cauchy_green(F, C);
    float I1 = 0.0f, trC2 = 0.0f;
    for (int i = 0; i < 3; ++i) {
      I1 += C[i][i];
      for (int j = 0; j < 3; ++j) trC2 += C[i][j] * C[j][i];
    }
    const float I2 = 0.5f * (I1 * I1 - trC2);
    const float J = det3(F);
    const float I1b = powf(J, -2.0f / 3.0f) * I1, I2b = powf(J, -4.0f / 3.0f) * I2;
    return c10 * (I1b - 3.0f) + c01 * (I2b - 3.0f) + 0.5f * kappa * (J - 1.0f) * (J - 1.0f);
  }
};

template <class Model, int BLOCK>
__global__ void total_energy(int n, const float* __restrict__ F, const float* __restrict__ vol, Model model,
                             float* total) {
  __shared__ float partial[BLOCK];
  const int tid = threadIdx.x;
  const int e = blockIdx.x * BLOCK + tid;
  float psi = 0.0f;
  if (e < n) {
    float Fe[3][3];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) Fe[i][j] = F[9 * e + 3 * i + j];
    psi = vol[e] * model(Fe);
  }
  partial[tid] = psi;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(total, partial[0]);
}
