// cuad: --fn advect_superbee --wrt q,uface,qn
// cuad: fwd --fn advect_superbee --wrt q,uface,qn
// One step of Sweby's flux-limited (Lax-Wendroff / upwind blend) scheme for 1-D linear
// advection with a spatially varying face velocity, on a periodic grid, single precision:
// superbee on the two one-sided differences (fminf/fmaxf/copysignf), the upwind side chosen
// by the sign of the face velocity, the local Courant number inside the correction, periodic
// neighbours by modulo, and the face flux in a __device__ helper called for both faces.
#include <cuda_runtime.h>

__device__ __forceinline__ int wrap(int i, int n) { return ((i % n) + n) % n; }

__device__ float superbee(float a, float b) {
  if (a * b <= 0.0f) return 0.0f;
  const float s = copysignf(1.0f, a);
  a = fabsf(a);
  b = fabsf(b);
  return s * fmaxf(fminf(2.0f * a, b), fminf(a, 2.0f * b));
}

// flux through face f = i + 1/2 (between cells i and i + 1)
__device__ float face_flux(const float* __restrict__ q, const float* __restrict__ uface, int f,
                           int n, float dt_dx) {
  const float u = uface[f];
  const float nu = u * dt_dx;
  float qf;
  if (u >= 0.0f) {
    const float qm = q[wrap(f - 1, n)], q0 = q[f], qp = q[wrap(f + 1, n)];
    qf = q0 + 0.5f * (1.0f - nu) * superbee(q0 - qm, qp - q0);
  } else {
    const float q0 = q[wrap(f + 1, n)], qm = q[f], qp = q[wrap(f + 2, n)];
    qf = q0 - 0.5f * (1.0f + nu) * superbee(q0 - qm, qp - q0);
  }
  return u * qf;
}

__global__ void advect_superbee(const float* __restrict__ q, const float* __restrict__ uface,
                                float* __restrict__ qn, float dt_dx, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const float fr = face_flux(q, uface, i, n, dt_dx);
    const float fl = face_flux(q, uface, wrap(i - 1, n), n, dt_dx);
    qn[i] = q[i] - dt_dx * (fr - fl);
  }
}
