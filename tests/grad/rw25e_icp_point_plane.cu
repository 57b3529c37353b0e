// cuad: --fn icp_point_to_plane --wrt xi,src,dst,normals,system
// cuad: fwd --fn icp_point_to_plane --wrt xi,normals,system
// One Gauss-Newton step's normal equations for point-to-plane ICP, single precision, as a
// KinectFusion-style tracker writes it: the current pose is a twist xi = (omega, t) mapped to a
// rotation by Rodrigues' formula (first order below a small angle), correspondences come from a
// projective association (-1 when none, or rejected by a distance/normal-angle gate inside a
// helper that returns early), each residual r = n . (R p + t - q) is weighted by the Cauchy
// IRLS weight, and every thread's 28 values (cost, J^T W r, upper triangle of J^T W J) are
// reduced across the warp with __shfl_down_sync and added to the global system by lane 0 with
// atomicAdd. float3 arithmetic through user operators.
#include <cuda_runtime.h>

#define N_SYS 28  // 1 cost + 6 Jtr + 21 JtJ

__device__ __forceinline__ float3 operator+(float3 a, float3 b) {
  return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
__device__ __forceinline__ float3 operator-(float3 a, float3 b) {
  return make_float3(a.x - b.x, a.y - b.y, a.z - b.z);
}
__device__ __forceinline__ float3 operator*(float s, float3 a) {
  return make_float3(s * a.x, s * a.y, s * a.z);
}
__device__ __forceinline__ float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ __forceinline__ float3 cross(float3 a, float3 b) {
  return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

// R p for R = exp([w]x): p + a (w x p) + b w x (w x p).
__device__ float3 so3_rotate(float3 w, float3 p) {
  const float th2 = dot(w, w);
  float a, b;
  if (th2 < 1e-8f) {
    a = 1.0f;
    b = 0.5f;
  } else {
    const float th = sqrtf(th2);
    a = sinf(th) / th;
    b = (1.0f - cosf(th)) / th2;
  }
  const float3 wxp = cross(w, p);
  return p + a * wxp + b * cross(w, wxp);
}

struct Gate {
  float max_dist;
  float min_cos;
};

// The transformed source point and its match; false for no match or a rejected one.
__device__ bool associate(const float3* src, const float3* dst, const float3* normals,
                          const int* corr, int i, float3 w, float3 t, Gate gate, float3* p,
                          float3* q, float3* n) {
  const int j = corr[i];
  if (j < 0) return false;
  *p = so3_rotate(w, src[i]) + t;
  *q = dst[j];
  *n = normals[j];
  const float3 d = *p - *q;
  if (dot(d, d) > gate.max_dist * gate.max_dist) return false;
  if (fabsf(dot(d, *n)) < gate.min_cos * sqrtf(dot(d, d))) return false;
  return true;
}

__global__ void icp_point_to_plane(const float* __restrict__ xi, const float3* __restrict__ src,
                                   const float3* __restrict__ dst,
                                   const float3* __restrict__ normals,
                                   const int* __restrict__ corr, int n_pts, float huber_c,
                                   Gate gate, float* __restrict__ system) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float3 w = make_float3(xi[0], xi[1], xi[2]);
  const float3 t = make_float3(xi[3], xi[4], xi[5]);
  float vals[N_SYS];
  for (int k = 0; k < N_SYS; ++k) vals[k] = 0.0f;
  float3 p, q, n;
  bool matched = false;
  if (i < n_pts) matched = associate(src, dst, normals, corr, i, w, t, gate, &p, &q, &n);
  if (matched) {
    const float r = dot(n, p - q);
    const float c2 = huber_c * huber_c;
    const float wt = 1.0f / (1.0f + r * r / c2);
    vals[0] = 0.5f * c2 * logf(1.0f + r * r / c2);
    const float3 jr = cross(p, n);
    const float J[6] = {jr.x, jr.y, jr.z, n.x, n.y, n.z};
    int k = 7;
    for (int a = 0; a < 6; ++a) {
      vals[1 + a] = wt * r * J[a];
      for (int b = a; b < 6; ++b) vals[k++] = wt * J[a] * J[b];
    }
  }
  for (int k = 0; k < N_SYS; ++k) {
    float v = vals[k];
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if ((threadIdx.x & 31) == 0) atomicAdd(&system[k], v);
  }
}
