// cuad: --fn scatter_sq
// cuad: fwd --fn scatter_sq
// Minimal: a user __device__ helper whose name starts with "atomic" (atomic_add_vec, the
// usual name for a vec3 scatter helper in MD codes) is taken for a CUDA atomic by forward
// mode: "`atomic_add_vec` of differentiated values has no derivative in forward mode". The
// helper only calls atomicAdd, which forward mode supports; renamed (scatter_add_vec) it
// passes, and reverse mode passes with either name.
#include <cuda_runtime.h>

struct vec3 {
  double x, y, z;
};

__device__ inline void atomic_add_vec(vec3* f, int i, const vec3& v) {
  atomicAdd(&f[i].x, v.x);
  atomicAdd(&f[i].y, v.y);
  atomicAdd(&f[i].z, v.z);
}

__global__ void scatter_sq(const vec3* __restrict__ x, const int* __restrict__ target, vec3* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  vec3 v = x[i];
  v.x = v.x * v.y;
  v.z = v.z * v.z;
  atomic_add_vec(out, target[i], v);
}
