// cuad: --fn advance_fields --wrt ez,hy,ceze,cezh,inc_e,inc_h
// cuad: fwd --fn advance_fields --wrt ez,hy,ceze,cezh,inc_e,inc_h
// A 1-D FDTD solver API whose caller owns the device memory: advance_fields() takes device
// pointers to Ez and Hy and steps them in place for nt steps, as a library routine called
// repeatedly from an optimisation loop does. A total-field/scattered-field (TF/SF) boundary
// at cell i0 injects a plane wave whose incident E and H samples per step come from device
// arrays prepared by the caller: a one-thread correction kernel after each half step touches
// one cell of the field it updates. The E update uses per-cell coefficient arrays (lossy
// material); the ends are the simple ABC "ez at the end takes its neighbour's value from the
// previous step" (exact at Courant number 1/2 for two steps, kept in a device scratch pair).
#include <cuda_runtime.h>

#define TPB1 32

__global__ void step_h(double* hy, const double* __restrict__ ez, double chyh, double chye, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - 1) hy[i] = chyh * hy[i] + chye * (ez[i + 1] - ez[i]);
}

__global__ void tfsf_h(double* hy, const double* __restrict__ inc_e, int t, int i0, double chye) {
  hy[i0 - 1] -= chye * inc_e[t];
}

__global__ void step_e(double* ez, const double* __restrict__ hy, const double* __restrict__ ceze,
                       const double* __restrict__ cezh, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) ez[i] = ceze[i] * ez[i] + cezh[i] * (hy[i] - hy[i - 1]);
}

// ez at each end takes its neighbour's value from the previous step (kept in edge[2]).
__global__ void simple_abc(double* ez, double* edge, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) {
    ez[0] = edge[0];
    edge[0] = ez[1];
  } else if (i == n - 1) {
    ez[n - 1] = edge[1];
    edge[1] = ez[n - 2];
  }
}

__global__ void tfsf_e(double* ez, const double* __restrict__ inc_h, const double* __restrict__ cezh, int t,
                       int i0) {
  ez[i0] += cezh[i0] * inc_h[t];
}

void advance_fields(double* ez, double* hy, const double* ceze, const double* cezh, const double* inc_e,
                    const double* inc_h, int n, int nt, int i0) {
  double* edge;
  cudaMalloc(&edge, 2 * sizeof(double));
  cudaMemset(edge, 0, 2 * sizeof(double));
  const int blocks = (n + TPB1 - 1) / TPB1;
  for (int t = 0; t < nt; ++t) {
    step_h<<<blocks, TPB1>>>(hy, ez, 1.0, 0.5, n);
    tfsf_h<<<1, 1>>>(hy, inc_e, t, i0, 0.5);
    step_e<<<blocks, TPB1>>>(ez, hy, ceze, cezh, n);
    simple_abc<<<blocks, TPB1>>>(ez, edge, n);
    tfsf_e<<<1, 1>>>(ez, inc_h, cezh, t, i0);
  }
  cudaFree(edge);
}
