// cuad: --fn act<true> --wrt out,in
// cuad: --fn act<false> --wrt out,in
// `if constexpr` on a template parameter: each instance keeps only the branch it takes.
template <bool Relu>
__global__ void act(float* out, const float* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i];
    if constexpr (Relu) {
      v = v > 0.f ? v * v : 0.1f * v;
    } else {
      v = tanhf(v) * v;
    }
    out[i] = v;
  }
}
