// cuad: --fn sos_filter<3> --wrt x,sos,y
// cuad: fwd --fn sos_filter<3> --wrt x,sos,y
// A multichannel second-order-sections (SOS) IIR filter, as scipy.signal.sosfilt runs it on
// the GPU: one thread per channel walks the samples in order; the cascade of NSEC biquads is
// a template parameter, the coefficients are an array of structs in global memory (shared by
// all channels, learnable), and each section keeps its transposed-direct-form-II state
// (z1, z2) in a local array overwritten at every sample. Single precision, channel-major
// samples, an output gain per channel, and an optional DC-blocking pre-emphasis on the input.
#include <cuda_runtime.h>

struct Biquad {
  float b0, b1, b2;
  float a1, a2;  // a0 normalised to 1
};

template <int NSEC>
struct SosState {
  float z1[NSEC];
  float z2[NSEC];
};

__device__ __forceinline__ float biquad_tick(const Biquad& c, float x, float& z1, float& z2) {
  const float y = c.b0 * x + z1;
  z1 = c.b1 * x - c.a1 * y + z2;
  z2 = c.b2 * x - c.a2 * y;
  return y;
}

template <int NSEC>
__global__ void sos_filter(const float* __restrict__ x, const Biquad* __restrict__ sos,
                           const float* __restrict__ gain, float* __restrict__ y,
                           unsigned int n_ch, unsigned int n_samp, float preemph) {
  const unsigned int ch = blockIdx.x * blockDim.x + threadIdx.x;
  if (ch >= n_ch) return;
  SosState<NSEC> st;
#pragma unroll
  for (int s = 0; s < NSEC; ++s) {
    st.z1[s] = 0.0f;
    st.z2[s] = 0.0f;
  }
  const float* xc = x + ch * n_samp;
  float prev = 0.0f;
  for (unsigned int t = 0; t < n_samp; ++t) {
    float v = xc[t];
    if (preemph > 0.0f) {
      const float raw = v;
      v = v - preemph * prev;
      prev = raw;
    }
#pragma unroll
    for (int s = 0; s < NSEC; ++s) v = biquad_tick(sos[s], v, st.z1[s], st.z2[s]);
    y[ch * n_samp + t] = gain[ch] * v;
  }
}

template __global__ void sos_filter<3>(const float*, const Biquad*, const float*, float*,
                                       unsigned int, unsigned int, float);
