// cuad: --fn g2p<3> --wrt x,grid_v,F,x_out,v_out,C_out,F_out
// cuad: fwd --fn g2p<2>
// MLS-MPM grid-to-particle gather, written once for 2-D and 3-D: vectors and matrices are
// class templates on the dimension with member operators, the 3^D stencil is a flat loop
// whose offsets are decoded into a local int array, the weights are per-axis quadratic
// B-splines kept in a local [D][3] table. The gather produces the new velocity, the APIC
// affine matrix C = 4/dx^2 sum w v (x_i - x_p)^T, the updated deformation gradient
// F' = (I + dt C) F and the advected position.
#include <cuda_runtime.h>

template <int D>
struct Vec {
  double e[D];
  __device__ double& operator[](int i) { return e[i]; }
  __device__ const double& operator[](int i) const { return e[i]; }
  __device__ Vec& operator+=(const Vec& o) {
    for (int i = 0; i < D; ++i) e[i] += o.e[i];
    return *this;
  }
};

template <int D>
struct Mat {
  double m[D][D];
  __device__ Mat& operator+=(const Mat& o) {
    for (int i = 0; i < D; ++i)
      for (int j = 0; j < D; ++j) m[i][j] += o.m[i][j];
    return *this;
  }
};

template <int D>
__device__ Vec<D> operator*(double s, const Vec<D>& a) {
  Vec<D> r;
  for (int i = 0; i < D; ++i) r.e[i] = s * a.e[i];
  return r;
}

template <int D>
__device__ Mat<D> outer(double s, const Vec<D>& a, const Vec<D>& b) {
  Mat<D> r;
  for (int i = 0; i < D; ++i)
    for (int j = 0; j < D; ++j) r.m[i][j] = s * a.e[i] * b.e[j];
  return r;
}

template <int D>
__device__ Mat<D> operator*(const Mat<D>& A, const Mat<D>& B) {
  Mat<D> r;
  for (int i = 0; i < D; ++i)
    for (int j = 0; j < D; ++j) {
      double s = 0.0;
      for (int k = 0; k < D; ++k) s += A.m[i][k] * B.m[k][j];
      r.m[i][j] = s;
    }
  return r;
}

template <int D>
__device__ Mat<D> zero_mat() {
  Mat<D> r;
  for (int i = 0; i < D; ++i)
    for (int j = 0; j < D; ++j) r.m[i][j] = 0.0;
  return r;
}

template <int D>
__device__ int stencil_size() {
  int s = 1;
  for (int d = 0; d < D; ++d) s *= 3;
  return s;
}

template <int D>
__device__ void decode_offset(int k, int (&o)[D]) {
  for (int d = D - 1; d >= 0; --d) {
    o[d] = k % 3;
    k /= 3;
  }
}

template <int D>
__global__ void g2p(int n, int ng, const double* __restrict__ x, const double* __restrict__ grid_v,
                    const double* __restrict__ F, double dx, double dt, double* __restrict__ x_out,
                    double* __restrict__ v_out, double* __restrict__ C_out, double* __restrict__ F_out) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  const double inv_dx = 1.0 / dx;
  int base[D];
  double fx[D], w[D][3];
  for (int d = 0; d < D; ++d) {
    const double g = x[p * D + d] * inv_dx;
    base[d] = (int)(g - 0.5);
    fx[d] = g - base[d];
    w[d][0] = 0.5 * (1.5 - fx[d]) * (1.5 - fx[d]);
    w[d][1] = 0.75 - (fx[d] - 1.0) * (fx[d] - 1.0);
    w[d][2] = 0.5 * (fx[d] - 0.5) * (fx[d] - 0.5);
  }
  Vec<D> v_new;
  for (int d = 0; d < D; ++d) v_new[d] = 0.0;
  Mat<D> B = zero_mat<D>();
  const int ns = stencil_size<D>();
  for (int k = 0; k < ns; ++k) {
    int o[D];
    decode_offset<D>(k, o);
    double weight = 1.0;
    int node = 0;
    Vec<D> gv, dpos;
    for (int d = 0; d < D; ++d) {
      weight *= w[d][o[d]];
      node = node * ng + base[d] + o[d];
      dpos[d] = o[d] - fx[d];
    }
    for (int d = 0; d < D; ++d) gv[d] = grid_v[node * D + d];
    v_new += weight * gv;
    B += outer(4.0 * inv_dx * weight, gv, dpos);
  }
  Mat<D> Fp, A;
  for (int i = 0; i < D; ++i)
    for (int j = 0; j < D; ++j) {
      Fp.m[i][j] = F[(p * D + i) * D + j];
      A.m[i][j] = (i == j ? 1.0 : 0.0) + dt * B.m[i][j];
    }
  const Mat<D> Fn = A * Fp;
  for (int i = 0; i < D; ++i) {
    v_out[p * D + i] = v_new[i];
    x_out[p * D + i] = x[p * D + i] + dt * v_new[i];
    for (int j = 0; j < D; ++j) {
      C_out[(p * D + i) * D + j] = B.m[i][j];
      F_out[(p * D + i) * D + j] = Fn.m[i][j];
    }
  }
}
