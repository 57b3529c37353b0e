// cuad: --fn activate<0,64> --wrt x,y
// cuad: --fn activate<1,128> --wrt x,alpha,y
// cuad: --fn activate<2,64> --wrt x,alpha,y
// cuad: fwd --fn activate<1,128> --wrt x,alpha,y
// Written for cuad in the style of fused activation kernels of inference engines: one kernel
// template `template <int ACT, int BLOCK>` with `__launch_bounds__(BLOCK)`, an `if constexpr`
// chain picking ReLU / ELU / softplus at compile time, several instantiations requested, each
// thread handling `BLOCK / 32` strided items under `#pragma unroll` with a per-channel slope
// loaded once under `#pragma unroll 4`, and `__expf` / `log1pf` math.
enum Act { kRelu = 0, kElu = 1, kSoftplus = 2 };

template <int ACT, int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    activate(const float* __restrict__ x, const float* __restrict__ alpha,
             float* __restrict__ y, int n) {
  constexpr int kItems = BLOCK / 32;
  constexpr int kChannels = 4;
  float slope[kChannels];
#pragma unroll 4
  for (int c = 0; c < kChannels; ++c) slope[c] = ACT == kRelu ? 0.f : alpha[c];
  const int base = blockIdx.x * BLOCK * kItems + threadIdx.x;
#pragma unroll
  for (int k = 0; k < kItems; ++k) {
    const int i = base + k * BLOCK;
    if (i >= n) break;
    const float v = x[i];
    float out;
    if constexpr (ACT == kRelu) {
      out = fmaxf(v, 0.f);
    } else if constexpr (ACT == kElu) {
      out = v > 0.f ? v : slope[i % kChannels] * (__expf(v) - 1.f);
    } else {
      const float b = slope[i % kChannels];
      out = log1pf(__expf(b * v)) / b;
    }
    y[i] = out;
  }
}
