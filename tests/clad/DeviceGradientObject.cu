// Written for cuad (its own program, not adapted from another project): a gradient object made
// at file scope and used on the device: `auto g = clad::gradient(f, "w")` of a `__device__
// __host__` function with a loop, std::exp and std::pow, passed by value to a kernel whose
// parameter type is `decltype(g)`, where every thread calls `.execute(...)` on its own slice of
// the arrays. The host calls the same object on one slice for comparison. The expected output
// is this file's `// CHECK-EXEC:` lines (the exact derivative, worked out above main), checked
// by crates/cli/tests/build.rs (clad_device_gradient_object) and scripts/clad-gpu.sh.
#include <cstdio>
#include <cmath>
#include "clad/Differentiator/Differentiator.h"

constexpr int kGroups = 2;
constexpr int kPerGroup = 3;

// Energy of one group of weighted, exponentially damped terms:
// E(w) = (sum_i w_i^2 exp(-x_i / tau))^1.5 / tau.
__device__ __host__ double damped_energy(const double* x, double* w, double tau, int m) {
  double acc = 0;
  for (int i = 0; i < m; ++i)
    acc += w[i] * w[i] * std::exp(-x[i] / tau);
  return std::pow(acc, 1.5) / tau;
}

auto energy_dw = clad::gradient(damped_energy, "w");

__global__ void group_gradients(decltype(energy_dw) grad, const double* x, double* w, double tau,
                                int m, double* dw) {
  int group = blockIdx.x * blockDim.x + threadIdx.x;
  grad.execute(x + group * m, w + group * m, tau, m, dw + group * m);
}

// dE/dw_j = 3 sqrt(A) w_j exp(-x_j / tau) / tau with A = sum_i w_i^2 exp(-x_i / tau);
// tau = 2: group 0 has A = 1 + 0.25 / e + 4 / e^2, group 1 has A = 0.09 e^0.5 + 0.49 + 1.21 / e^0.5.
int main() {
  const int n = kGroups * kPerGroup;
  const double tau = 2.0;
  double x[n] = {0.0, 2.0, 4.0, -1.0, 0.0, 1.0};
  double w[n] = {1.0, 0.5, 2.0, 0.3, -0.7, 1.1};
  double *d_x, *d_w, *d_dw;
  cudaMalloc(&d_x, sizeof x);
  cudaMalloc(&d_w, sizeof w);
  cudaMalloc(&d_dw, sizeof w);
  cudaMemcpy(d_x, x, sizeof x, cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, w, sizeof w, cudaMemcpyHostToDevice);
  cudaMemset(d_dw, 0, sizeof w);  // execute adds to the adjoints

  group_gradients<<<1, kGroups>>>(energy_dw, d_x, d_w, tau, kPerGroup, d_dw);
  cudaDeviceSynchronize();

  double dw[n];
  cudaMemcpy(dw, d_dw, sizeof dw, cudaMemcpyDeviceToHost);
  for (int g = 0; g < kGroups; ++g) {
    const double* r = dw + g * kPerGroup;
    printf("device group %d: %.6f, %.6f, %.6f\n", g, r[0], r[1], r[2]);
  }
  // CHECK-EXEC: device group 0: 1.917016, 0.352615, 0.518880
  // CHECK-EXEC-NEXT: device group 1: 0.869125, -1.230019, 1.172355

  double host_dw[kPerGroup] = {0, 0, 0};
  energy_dw.execute(x + kPerGroup, w + kPerGroup, tau, kPerGroup, host_dw);
  printf("host group 1: %.6f, %.6f, %.6f\n", host_dw[0], host_dw[1], host_dw[2]);
  // CHECK-EXEC-NEXT: host group 1: 0.869125, -1.230019, 1.172355

  cudaFree(d_x);
  cudaFree(d_w);
  cudaFree(d_dw);
  return 0;
}
