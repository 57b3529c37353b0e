// cuad: --fn animate_bones --wrt keys,bone_vec,out
// cuad: fwd --fn animate_bones --wrt keys,bone_vec,out
// Keyframe animation of bone rotations (single precision, one thread per (frame, bone)): the
// keyframe times are sorted; a thread finds its bracketing keys with a while loop over the
// times, normalizes both quaternions (rsqrtf), flips one onto the same hemisphere when the dot
// product is negative, and interpolates with slerp (acosf/sinf), falling back to normalized
// lerp for nearly identical keys. The animated rotation is applied to the bone's rest vector
// (q v q* written out as a 3x3 rotation matrix), and the world position and the rotation's
// angle are written out.
#include <cuda_runtime.h>

struct Quatf {
  float w, x, y, z;
};

__device__ __forceinline__ Quatf qnormalize(Quatf q) {
  const float r = rsqrtf(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  return Quatf{q.w * r, q.x * r, q.y * r, q.z * r};
}

__device__ Quatf slerp(Quatf a, Quatf b, float u) {
  float d = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
  if (d < 0.0f) {
    b = Quatf{-b.w, -b.x, -b.y, -b.z};
    d = -d;
  }
  float sa, sb;
  if (d > 0.9995f) {
    sa = 1.0f - u;
    sb = u;
  } else {
    const float th = acosf(d);
    const float inv = 1.0f / sinf(th);
    sa = sinf((1.0f - u) * th) * inv;
    sb = sinf(u * th) * inv;
  }
  return qnormalize(Quatf{sa * a.w + sb * b.w, sa * a.x + sb * b.x, sa * a.y + sb * b.y, sa * a.z + sb * b.z});
}

__device__ void quat_to_mat(const Quatf& q, float* R) {
  const float ww = q.w * q.w, xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
  R[0] = ww + xx - yy - zz;
  R[1] = 2.0f * (q.x * q.y - q.w * q.z);
  R[2] = 2.0f * (q.x * q.z + q.w * q.y);
  R[3] = 2.0f * (q.x * q.y + q.w * q.z);
  R[4] = ww - xx + yy - zz;
  R[5] = 2.0f * (q.y * q.z - q.w * q.x);
  R[6] = 2.0f * (q.x * q.z - q.w * q.y);
  R[7] = 2.0f * (q.y * q.z + q.w * q.x);
  R[8] = ww - xx - yy + zz;
}

__global__ void animate_bones(const float* __restrict__ key_times, const Quatf* __restrict__ keys, int n_keys,
                              const float3* __restrict__ bone_vec, int n_bones, const float* __restrict__ frame_times,
                              int n_frames, float* __restrict__ out) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n_frames * n_bones) return;
  const int f = tid / n_bones, bone = tid % n_bones;
  const float t = frame_times[f];
  int k = 0;
  while (k + 2 < n_keys && key_times[k + 1] <= t) ++k;
  const float u = fminf(fmaxf((t - key_times[k]) / (key_times[k + 1] - key_times[k]), 0.0f), 1.0f);
  const Quatf q = slerp(qnormalize(keys[bone * n_keys + k]), qnormalize(keys[bone * n_keys + k + 1]), u);
  float R[9];
  quat_to_mat(q, R);
  const float3 v = bone_vec[bone];
  float* o = out + 4 * tid;
  o[0] = R[0] * v.x + R[1] * v.y + R[2] * v.z;
  o[1] = R[3] * v.x + R[4] * v.y + R[5] * v.z;
  o[2] = R[6] * v.x + R[7] * v.y + R[8] * v.z;
  o[3] = 2.0f * acosf(fminf(fabsf(q.w), 1.0f));
}
