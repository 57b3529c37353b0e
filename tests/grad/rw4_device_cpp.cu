// cuad: --fn act_kernel --wrt out,x,p
// Device code in the style of modern C++ CUDA: constexpr functions and variables,
// static_assert, enum class, using aliases, auto and const auto& locals, a __host__ __device__
// helper, std:: math and max/min in device code, ::sinf next to sin on a float, fminf/fmaxf clamps,
// (int)floorf indices into a table, __float2int_rn, __fdividef, __saturatef, __frcp_rn, rsqrtf,
// sincosf with output pointers and __sinf.
#include <cmath>
#include <algorithm>

using real = float;
constexpr int kTable = 8;
constexpr real kScale = 0.5f;
static_assert(kTable % 2 == 0, "even table");

enum class Act { Tanh, Soft };

__host__ __device__ constexpr real half_of(real v) { return v * kScale; }

__host__ __device__ inline real smooth(real a, real b) { return a * b + 0.5f * a * a; }

struct Params {
  real gain;
  real table[kTable];
};

__global__ void act_kernel(real* out, const real* x, const Params* p, Act mode, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const auto& prm = *p;
  auto v = x[i];
  const real t = fminf(fmaxf(v * 2.0f + 4.0f, 0.0f), kTable - 1.001f);
  const int j = (int)floorf(t);
  const real f = t - j;
  real lut = prm.table[j] * (1.0f - f) + prm.table[j + 1] * f;
  real s, c;
  sincosf(v, &s, &c);
  real a = mode == Act::Tanh ? std::tanh(prm.gain * v) : std::log(1.0f + std::exp(v));
  real b = ::sinf(v) + sin(half_of(v)) + __sinf(v) * 0.25f;
  real r = rsqrtf(1.0f + v * v) + __frcp_rn(2.0f + c) + __fdividef(s, 3.0f + c);
  real q = std::sqrt(std::abs(v) + 1.0f) + max(v, -0.5f) * min(v, 0.5f);
  int k = __float2int_rn(t);
  real sat = __saturatef(0.3f * v + 0.4f);
  out[i] = smooth(a, b) + lut + r + q + prm.table[k] * sat;
}
