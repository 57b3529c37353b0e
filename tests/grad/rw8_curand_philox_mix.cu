// cuad: --fn noise_mix --wrt in,out,amp,mix
// cuad: fwd --fn noise_mix --wrt in,out,amp,mix
// Written for cuad in the style of a data-augmentation / noise-injection kernel: a Philox state
// made inside the kernel (curand_init then skipahead by the epoch, no state array), float4
// loads through __ldg and __restrict__, curand_uniform4 noise added by a helper that takes the
// float4 and the state by reference, an unsigned curand() picking a random partner row (its
// adjoint scatters: several rows may pick the same partner) and a convex mix.
#include <curand_kernel.h>

__device__ __forceinline__ void jitter4(float4& v, float amp, curandStatePhilox4_32_10_t& st) {
  const float4 u = curand_uniform4(&st);
  v.x += amp * (u.x - 0.5f);
  v.y += amp * (u.y - 0.5f);
  v.z += amp * (u.z - 0.5f);
  v.w += amp * (u.w - 0.5f);
}

__global__ void noise_mix(const float4* __restrict__ in, float4* __restrict__ out,
                          const float* __restrict__ amp, float mix, unsigned long long seed,
                          unsigned long long epoch, int n4) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4) return;
  curandStatePhilox4_32_10_t st;
  curand_init(seed, i, 0, &st);
  skipahead(8ull * epoch, &st);
  float4 v = __ldg(&in[i]);
  jitter4(v, amp[i % 4], st);
  const unsigned partner = curand(&st) % (unsigned)n4;
  const float4 w = __ldg(&in[partner]);
  float4 r;
  r.x = (1.0f - mix) * v.x + mix * w.x * w.y;
  r.y = (1.0f - mix) * v.y + mix * w.y;
  r.z = (1.0f - mix) * v.z + mix * tanhf(w.z);
  r.w = (1.0f - mix) * v.w + mix * w.w;
  out[i] = r;
}
