// cuad: --fn swiglu<double> --wrt out,gate,up
// SwiGLU as a kernel template: out = silu(gate) * up, with a device function template.
template <typename T>
__device__ __forceinline__ T sigmoid(T v) {
  return T(1) / (T(1) + exp(-v));
}
template <typename T>
__global__ void swiglu(T* __restrict__ out, const T* __restrict__ gate, const T* __restrict__ up, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const T g = gate[i];
  out[i] = g * sigmoid<T>(g) * up[i];
}
