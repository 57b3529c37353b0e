// cuad: --fn svk_residual<32> --wrt X,u,mat,res,energy
// Finite-element assembly of a hyperelastic (St. Venant-Kirchhoff) plane-strain residual on
// linear triangles: one thread per element in a grid-stride loop, a small 2x2 matrix struct
// with operators, shape-function gradients in a local 3x2 array, the first Piola stress
// P = F S, element nodal forces scattered into the global residual with atomicAdd through the
// connectivity, and the strain energy reduced with a templated shared-memory tree reduction
// (one atomicAdd per block). The material (Lame parameters) is a struct passed by value.
#include <cuda_runtime.h>

struct Mat2 {
  double a, b, c, d;  // [[a, b], [c, d]]
  __device__ Mat2 operator*(const Mat2& o) const {
    return Mat2{a * o.a + b * o.c, a * o.b + b * o.d, c * o.a + d * o.c, c * o.b + d * o.d};
  }
  __device__ Mat2 operator+(const Mat2& o) const { return Mat2{a + o.a, b + o.b, c + o.c, d + o.d}; }
  __device__ Mat2 operator*(double s) const { return Mat2{a * s, b * s, c * s, d * s}; }
  __device__ Mat2 T() const { return Mat2{a, c, b, d}; }
  __device__ double trace() const { return a + d; }
  __device__ double ddot(const Mat2& o) const { return a * o.a + b * o.b + c * o.c + d * o.d; }
};

__device__ __forceinline__ Mat2 eye2() { return Mat2{1.0, 0.0, 0.0, 1.0}; }

struct Lame {
  double lambda;
  double mu;
};

template <int BLOCK>
__device__ void block_add(double v, double* smem, double* out) {
  smem[threadIdx.x] = v;
  __syncthreads();
#pragma unroll
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) smem[threadIdx.x] += smem[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, smem[0]);
}

template <int BLOCK>
__global__ void svk_residual(const double* __restrict__ X, const double* __restrict__ u,
                             const int* __restrict__ tri, Lame mat, double* res, double* energy,
                             int n_elem) {
  __shared__ double red[BLOCK];
  double e_acc = 0.0;
  for (int e = blockIdx.x * blockDim.x + threadIdx.x; e < n_elem; e += blockDim.x * gridDim.x) {
    int nd[3];
    double xe[3][2], ue[3][2];
#pragma unroll
    for (int a = 0; a < 3; ++a) {
      nd[a] = tri[3 * e + a];
      xe[a][0] = X[2 * nd[a]];
      xe[a][1] = X[2 * nd[a] + 1];
      ue[a][0] = u[2 * nd[a]];
      ue[a][1] = u[2 * nd[a] + 1];
    }
    // reference Jacobian and shape-function gradients
    const double j11 = xe[1][0] - xe[0][0], j12 = xe[2][0] - xe[0][0];
    const double j21 = xe[1][1] - xe[0][1], j22 = xe[2][1] - xe[0][1];
    const double det = j11 * j22 - j12 * j21;
    const double area = 0.5 * det;
    const double inv = 1.0 / det;
    double gN[3][2];
    gN[1][0] = j22 * inv;
    gN[1][1] = -j12 * inv;
    gN[2][0] = -j21 * inv;
    gN[2][1] = j11 * inv;
    gN[0][0] = -gN[1][0] - gN[2][0];
    gN[0][1] = -gN[1][1] - gN[2][1];
    Mat2 H{0.0, 0.0, 0.0, 0.0};
    for (int a = 0; a < 3; ++a) {
      H.a += ue[a][0] * gN[a][0];
      H.b += ue[a][0] * gN[a][1];
      H.c += ue[a][1] * gN[a][0];
      H.d += ue[a][1] * gN[a][1];
    }
    const Mat2 F = eye2() + H;
    const Mat2 E = (F.T() * F + eye2() * -1.0) * 0.5;
    const Mat2 S = eye2() * (mat.lambda * E.trace()) + E * (2.0 * mat.mu);
    const Mat2 P = F * S;
    e_acc += area * 0.5 * S.ddot(E);
    for (int a = 0; a < 3; ++a) {
      atomicAdd(&res[2 * nd[a]], area * (P.a * gN[a][0] + P.b * gN[a][1]));
      atomicAdd(&res[2 * nd[a] + 1], area * (P.c * gN[a][0] + P.d * gN[a][1]));
    }
  }
  block_add<BLOCK>(e_acc, red, energy);
}
