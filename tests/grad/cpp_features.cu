// cuad: --fn k --wrt y,x
// C++ features of real CUDA code: constexpr functions in array bounds, static_assert, enum
// class in a switch and a ternary, default template arguments, trailing and deduced return
// types, decltype locals, std:: math on float, #pragma unroll, braced returns of structs,
// __forceinline__, __launch_bounds__, operators on a float3-like helper struct.
#include <cmath>
__host__ __device__ constexpr int cube_len(int n) { return n * n * n; }
constexpr int K = 4;
static_assert(K > 0, "K must be positive");

enum class Mode { Square, Sine, Linear };

struct float3h { float x, y, z; };
__host__ __device__ inline float3h operator+(float3h a, float3h b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
__host__ __device__ inline float3h operator*(float s, float3h a) { return {s * a.x, s * a.y, s * a.z}; }
__host__ __device__ inline float dot3(float3h a, float3h b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

template <typename T = float, int N = 3>
__device__ T sumpow(const T* v) {
  T s = T(0);
#pragma unroll
  for (int k = 0; k < N; ++k) s += v[k] * v[k];
  return s;
}

__device__ __forceinline__ auto twice(float v) -> float { return 2.0f * v; }
__device__ auto thrice(float v) { return 3.0f * v; }

__device__ float apply(Mode m, float v) {
  switch (m) {
    case Mode::Square: return v * v;
    case Mode::Sine: return std::sin(v);
    default: return v;
  }
}

__device__ float3h make(float a) { return {a, 2.0f * a, std::exp(a)}; }

__global__ void __launch_bounds__(128) k(float* y, const float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float buf[cube_len(1) + 2];
    for (int q = 0; q < 3; ++q) buf[q] = x[i] + q;
    decltype(buf[0] + 0.0f) t = sumpow<float, 3>(buf);
    float3h a = make(x[i]);
    float3h b = 0.5f * a + a;
    auto m = (i % 2 == 0) ? Mode::Square : Mode::Sine;
    y[i] = t + dot3(a, b) + twice(x[i]) + thrice(x[i]) + apply(m, x[i]) + std::sqrt(x[i] * x[i] + 1.0f);
  }
}
