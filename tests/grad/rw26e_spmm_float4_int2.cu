// cuad: --fn spmm_vec4 --wrt ew,h,out
// cuad: fwd --fn spmm_vec4 --wrt ew,h,out
// Edge-weighted neighbour aggregation with 4-wide node features and vectorised memory
// access, as optimised GNN kernels do: features are float arrays read and written as float4
// through reinterpret_cast, the edge list is an array of int2 {src, dst} sorted by dst with a
// CSR offset array over destinations, and one thread per destination node accumulates a
// float4 component-wise. A per-node scale (1/sqrt(1 + weighted degree)) is applied before
// the vector store.
#include <cuda_runtime.h>
#include <math.h>

__global__ void spmm_vec4(int n, const int* __restrict__ offsets, const int2* __restrict__ edges,
                          const float* __restrict__ ew, const float* __restrict__ h, float* __restrict__ out) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n) return;
  const float4* h4 = reinterpret_cast<const float4*>(h);
  float4 acc = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  float deg = 0.0f;
  for (int e = offsets[v]; e < offsets[v + 1]; ++e) {
    const int2 uv = edges[e];
    const float w = ew[e];
    const float4 hu = h4[uv.x];
    acc.x += w * hu.x;
    acc.y += w * hu.y;
    acc.z += w * hu.z;
    acc.w += w * hu.w;
    deg += w;
  }
  const float s = rsqrtf(1.0f + deg);
  acc.x *= s;
  acc.y *= s;
  acc.z *= s;
  acc.w *= s;
  reinterpret_cast<float4*>(out)[v] = acc;
}
