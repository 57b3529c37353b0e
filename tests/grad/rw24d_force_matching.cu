// cuad: --fn force_match_loss --wrt eps,sigma,morse
// Force matching (bottom-up coarse-graining / ML-style parameter fitting): the loss is the
// mean squared difference between the model forces and reference forces over a set of
// frames. The model is Lennard-Jones between beads of different types (per-type-pair eps and
// sigma tables, all pairs, minimum image with floor in a cubic box) plus Morse bonds along
// the chains (int2 topology, parameters D, a, r0 in a struct). For each frame the host copies
// the frame's coordinates into one reused device buffer, clears the force buffer
// (cudaMemset), launches the pair and bond kernels (forces scattered with atomicAdd), copies
// the forces back into a host std::vector and accumulates the squared error on the host.
// The gradient w.r.t. the force-field parameters is what the fitting loop needs.
#include <cuda_runtime.h>
#include <cmath>
#include <vector>

#define NT 2

struct MorseParams {
  float D, a, r0;
};

__global__ void lj_pair_forces(int n, const float* __restrict__ x, const int* __restrict__ type, float L,
                               const float* __restrict__ eps, const float* __restrict__ sigma, float rc2,
                               float* __restrict__ f) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float fi[3] = {0.0f, 0.0f, 0.0f};
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    float d[3];
    for (int c = 0; c < 3; ++c) {
      d[c] = x[3 * i + c] - x[3 * j + c];
      d[c] -= L * floorf(d[c] / L + 0.5f);
    }
    const float r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    if (r2 > rc2) continue;
    const int p = type[i] * NT + type[j];
    const float s2 = sigma[p] * sigma[p] / r2;
    const float s6 = s2 * s2 * s2;
    const float fr = 24.0f * eps[p] * (2.0f * s6 * s6 - s6) / r2;
    for (int c = 0; c < 3; ++c) fi[c] += fr * d[c];
  }
  for (int c = 0; c < 3; ++c) atomicAdd(&f[3 * i + c], fi[c]);
}

__global__ void morse_bond_forces(int nb, const int2* __restrict__ bonds, const float* __restrict__ x, float L,
                                  MorseParams m, float* __restrict__ f) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= nb) return;
  const int i = bonds[b].x, j = bonds[b].y;
  float d[3];
  for (int c = 0; c < 3; ++c) {
    d[c] = x[3 * i + c] - x[3 * j + c];
    d[c] -= L * floorf(d[c] / L + 0.5f);
  }
  const float r = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  const float ex = expf(-m.a * (r - m.r0));
  const float fr = -2.0f * m.D * m.a * (1.0f - ex) * ex / r;
  for (int c = 0; c < 3; ++c) {
    atomicAdd(&f[3 * i + c], fr * d[c]);
    atomicAdd(&f[3 * j + c], -fr * d[c]);
  }
}

float force_match_loss(const float* frames, const float* ref_forces, int nframes, int n, const int* type,
                       const int2* bonds, int nb, float L, const float* eps, const float* sigma, MorseParams morse,
                       float rc) {
  float *d_x, *d_f, *d_eps, *d_sigma;
  int* d_type;
  int2* d_bonds;
  cudaMalloc(&d_x, 3 * n * sizeof(float));
  cudaMalloc(&d_f, 3 * n * sizeof(float));
  cudaMalloc(&d_eps, NT * NT * sizeof(float));
  cudaMalloc(&d_sigma, NT * NT * sizeof(float));
  cudaMalloc(&d_type, n * sizeof(int));
  cudaMalloc(&d_bonds, nb * sizeof(int2));
  cudaMemcpy(d_eps, eps, NT * NT * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_sigma, sigma, NT * NT * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_type, type, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_bonds, bonds, nb * sizeof(int2), cudaMemcpyHostToDevice);
  std::vector<float> f(3 * n);
  float loss = 0.0f;
  for (int fr = 0; fr < nframes; ++fr) {
    cudaMemcpy(d_x, frames + 3 * n * fr, 3 * n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(d_f, 0, 3 * n * sizeof(float));
    lj_pair_forces<<<(n + 31) / 32, 32>>>(n, d_x, d_type, L, d_eps, d_sigma, rc * rc, d_f);
    morse_bond_forces<<<(nb + 31) / 32, 32>>>(nb, d_bonds, d_x, L, morse, d_f);
    cudaMemcpy(f.data(), d_f, 3 * n * sizeof(float), cudaMemcpyDeviceToHost);
    const float* ref = ref_forces + 3 * n * fr;
    for (int k = 0; k < 3 * n; ++k) {
      const float diff = f[k] - ref[k];
      loss += diff * diff;
    }
  }
  cudaFree(d_x);
  cudaFree(d_f);
  cudaFree(d_eps);
  cudaFree(d_sigma);
  cudaFree(d_type);
  cudaFree(d_bonds);
  return loss / (3.0f * n * nframes);
}
