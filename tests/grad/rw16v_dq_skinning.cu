// cuad: --fn dq_skin --wrt bones,weights,rest,skinned
// Dual-quaternion skinning (character animation / differentiable body models): each block
// stages the bone transforms (a DualQuat struct of two Quat members) in shared memory, each
// vertex blends its K = 4 influences with the antipodality fix (a bone whose real part points
// away from the first one enters with a negative weight), normalises the blended dual
// quaternion by the norm of its real part, and transforms its rest position: rotation by the
// real part plus the translation 2 (d q*) . Bone indices are ints next to the float weights
// (AoS of a packed Influence struct with an int4 and a double4). Gradient w.r.t. the bones
// (shared by many vertices: reduced over the block's shared adjoint, then scattered),
// the skinning weights and the rest pose.
#include <cuda_runtime.h>

struct Quat {
  double w, x, y, z;
};
struct DualQuat {
  Quat real, dual;
};

#define MAX_BONES 8
#define K 4

__device__ __forceinline__ Quat qscale(const Quat& q, double s) { return Quat{q.w * s, q.x * s, q.y * s, q.z * s}; }
__device__ __forceinline__ void qaxpy(Quat& acc, double s, const Quat& q) {
  acc.w += s * q.w;
  acc.x += s * q.x;
  acc.y += s * q.y;
  acc.z += s * q.z;
}
__device__ __forceinline__ double qdot(const Quat& a, const Quat& b) {
  return a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
}
__device__ __forceinline__ Quat qmul(const Quat& a, const Quat& b) {
  return Quat{a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
              a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}
__device__ __forceinline__ Quat qconj(const Quat& q) { return Quat{q.w, -q.x, -q.y, -q.z}; }

__global__ void dq_skin(const DualQuat* __restrict__ bones, int n_bones, const int4* __restrict__ bone_idx,
                        const double4* __restrict__ weights, const double3* __restrict__ rest,
                        int n_verts, double3* __restrict__ skinned) {
  __shared__ DualQuat s_bones[MAX_BONES];
  for (int b = threadIdx.x; b < n_bones; b += blockDim.x) s_bones[b] = bones[b];
  __syncthreads();
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n_verts) return;
  const int4 bi = bone_idx[v];
  const double4 wt = weights[v];
  const int idx[K] = {bi.x, bi.y, bi.z, bi.w};
  const double wk[K] = {wt.x, wt.y, wt.z, wt.w};
  const Quat pivot = s_bones[idx[0]].real;
  Quat br{0.0, 0.0, 0.0, 0.0}, bd{0.0, 0.0, 0.0, 0.0};
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const DualQuat& dq = s_bones[idx[k]];
    const double w = qdot(dq.real, pivot) < 0.0 ? -wk[k] : wk[k];
    qaxpy(br, w, dq.real);
    qaxpy(bd, w, dq.dual);
  }
  const double inv = 1.0 / sqrt(qdot(br, br));
  br = qscale(br, inv);
  bd = qscale(bd, inv);
  // rotate: p' = r p r*, translate: t = 2 d r*
  const double3 p = rest[v];
  const Quat pq{0.0, p.x, p.y, p.z};
  const Quat rp = qmul(qmul(br, pq), qconj(br));
  const Quat t = qmul(bd, qconj(br));
  skinned[v] = make_double3(rp.x + 2.0 * t.x, rp.y + 2.0 * t.y, rp.z + 2.0 * t.z);
}
