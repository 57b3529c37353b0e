// cuad: --fn muscl2d_step<MC,8> --wrt q,qn
// cuad: --fn muscl2d_step<VanLeer,8> --wrt q,qn
// cuad: fwd --fn muscl2d_step<MC,8> --wrt q,qn
// One unsplit MUSCL step of 2-D linear advection with a constant velocity (ax, ay > 0) on a
// periodic grid, single precision: the limiter is a functor template argument (monotonized
// central or van Leer), the block stages a (TILE + 4)^2 tile with a two-cell periodic halo in
// shared memory with a strided loop over the tile (all threads help), __syncthreads, then
// each thread builds its upwind face states in x and y with the limiter and updates its cell.
#include <cuda_runtime.h>

struct MC {
  __device__ float operator()(float a, float b) const {
    if (a * b <= 0.0f) return 0.0f;
    const float s = copysignf(1.0f, a);
    return s * fminf(fminf(2.0f * fabsf(a), 2.0f * fabsf(b)), 0.5f * fabsf(a + b));
  }
};

struct VanLeer {
  __device__ float operator()(float a, float b) const {
    const float ab = a * b;
    return ab > 0.0f ? 2.0f * ab / (a + b) : 0.0f;
  }
};

__device__ __forceinline__ int pmod(int i, int n) { return (i % n + n) % n; }

template <class Limiter, int TILE>
__global__ void muscl2d_step(const float* __restrict__ q, float* __restrict__ qn, float ax, float ay,
                             float dt_dx, int nx, int ny) {
  constexpr int W = TILE + 4;
  __shared__ float s[W * W];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int i0 = blockIdx.x * TILE, j0 = blockIdx.y * TILE;
  for (int k = ty * TILE + tx; k < W * W; k += TILE * TILE) {
    const int li = k % W, lj = k / W;
    s[k] = q[pmod(j0 + lj - 2, ny) * nx + pmod(i0 + li - 2, nx)];
  }
  __syncthreads();
  const Limiter lim;
  const int c = (ty + 2) * W + (tx + 2);
  // upwind (ax, ay > 0) face values on the west/east and south/north faces
  const float qe = s[c] + 0.5f * (1.0f - ax * dt_dx) * lim(s[c] - s[c - 1], s[c + 1] - s[c]);
  const float qw = s[c - 1] + 0.5f * (1.0f - ax * dt_dx) * lim(s[c - 1] - s[c - 2], s[c] - s[c - 1]);
  const float qnn = s[c] + 0.5f * (1.0f - ay * dt_dx) * lim(s[c] - s[c - W], s[c + W] - s[c]);
  const float qs = s[c - W] + 0.5f * (1.0f - ay * dt_dx) * lim(s[c - W] - s[c - 2 * W], s[c] - s[c - W]);
  const int i = i0 + tx, j = j0 + ty;
  if (i < nx && j < ny) qn[j * nx + i] = s[c] - dt_dx * (ax * (qe - qw) + ay * (qnn - qs));
}
