// cuad: --fn vk --wrt out,x,s
// cuad: --fn vk --wrt out,x
// cuad: fwd --fn vk
// Variadic function templates in a kernel: unary right and left folds (`(vs + ...)`,
// `(... * vs)`), a binary fold with an initial value, a pattern expansion `sq(2.0f * vs)...`,
// and a recursion through a smaller pack (`maxabs(rest...)`) ended by a one-argument
// overload, called with 1, 2 and 4 arguments.
// 2: s left out. 3: forward mode.
template <typename... Ts>
__device__ float sum_all(Ts... vs) {
  return (vs + ...);
}
template <typename... Ts>
__device__ float prod_all(const Ts&... vs) {
  return (... * vs);
}
__device__ float sq(float v) { return v * v; }
template <typename... Ts>
__device__ float sum_sq2(Ts... vs) {
  return (0.5f + ... + sq(2.0f * vs)) + sum_all(sq(vs)...);
}
template <typename T>
__device__ T maxabs(T x) {
  return fabsf(x);
}
template <typename T, typename... Rest>
__device__ T maxabs(T first, Rest... rest) {
  return fmaxf(fabsf(first), maxabs(rest...));
}
// A member function template with a pack, a lambda and an array `{vs...}` in an instance,
// and a call expanding the pack twice (`arr_sq(x, vs..., 2.0f * vs...)`).
struct Acc {
  float w;
  template <typename... Ts>
  __device__ float sum(Ts... vs) const {
    return w * (vs + ... + 0.0f);
  }
};
template <typename... Ts>
__device__ float arr_sq(Ts... vs) {
  auto f = [](float v) { return v * v; };
  float a[] = {vs...};
  float s = 0.0f;
  for (int k = 0; k < (int)sizeof...(Ts); ++k) s += f(a[k]);
  return s;
}
template <typename... Ts>
__device__ float nested(float x, Ts... vs) {
  return arr_sq(x, vs..., 2.0f * vs...);
}

__global__ void vk(float* out, const float* x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a = x[4 * i], b = x[4 * i + 1], c = x[4 * i + 2], d = x[4 * i + 3];
  float r = sum_all(a) + sum_all(a, b) + sum_all(a, b, c, d) * s;
  r += prod_all(a, b) + 0.25f * prod_all(a, b, c, d);
  r += sum_sq2(c) + sum_sq2(a, d) + 0.1f * sum_sq2(a, b, c, d);
  r += maxabs(a) + maxabs(b, c) + s * maxabs(a, b, c, d);
  Acc acc{0.5f};
  r += acc.sum(a, b, c) + 0.2f * nested(a, b, d);
  out[i] = out[i] * r;
}
