// cuad: --fn attention_views --wrt q,k,v,out
// cuad: fwd --fn attention_views --wrt q,k,v,out
// Causal attention that accepts both the (B, H, T, D) and the (B, T, H, D) memory layouts by
// building small strided views inside the kernel, as framework kernels with layout flags do:
// a View4<T> is a base pointer plus three int strides (the last dimension is contiguous) with
// an operator() returning a reference. One thread per (b, h, t), online softmax over keys.
#include <cuda_runtime.h>
#include <math.h>

template <typename T>
struct View4 {
  T* data;
  int s0, s1, s2;
  __device__ T& operator()(int a, int b, int c, int d) const { return data[a * s0 + b * s1 + c * s2 + d]; }
};

template <typename T>
__device__ View4<T> make_view(T* base, int bhtd, int H, int Tn, int D) {
  // bhtd: (B, H, T, D); otherwise (B, T, H, D). Views are indexed (b, h, t, d) either way.
  if (bhtd) return View4<T>{base, H * Tn * D, Tn * D, D};
  return View4<T>{base, Tn * H * D, D, H * D};
}

__global__ void attention_views(const float* __restrict__ q, const float* __restrict__ k, const float* __restrict__ v,
                                float* __restrict__ out, int B, int H, int Tn, int D, int bhtd, float scale) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= B * H * Tn) return;
  const int t = idx % Tn, h = (idx / Tn) % H, b = idx / (Tn * H);
  const View4<const float> Q = make_view(q, bhtd, H, Tn, D);
  const View4<const float> K = make_view(k, bhtd, H, Tn, D);
  const View4<const float> V = make_view(v, bhtd, H, Tn, D);
  const View4<float> O = make_view(out, bhtd, H, Tn, D);
  float m = -INFINITY, l = 0.0f;
  for (int d = 0; d < D; ++d) O(b, h, t, d) = 0.0f;
  for (int j = 0; j <= t; ++j) {
    float s = 0.0f;
    for (int d = 0; d < D; ++d) s += Q(b, h, t, d) * K(b, h, j, d);
    s *= scale;
    const float mn = fmaxf(m, s), a = expf(m - mn), p = expf(s - mn);
    l = l * a + p;
    for (int d = 0; d < D; ++d) O(b, h, t, d) = O(b, h, t, d) * a + p * V(b, h, j, d);
    m = mn;
  }
  for (int d = 0; d < D; ++d) O(b, h, t, d) /= l;
}
