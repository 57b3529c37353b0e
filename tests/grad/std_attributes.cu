// cuad: --fn k
// cuad: fwd --fn k
// Standard attributes carry no meaning for the derivative and are read and dropped: on
// functions (`[[nodiscard]]` before or among the specifiers, `[[deprecated("...")]]`, a list
// with `gnu::always_inline`), parameters and locals (`[[maybe_unused]]`, also after the
// declarator's name), a struct and its method, a lambda's parameter, a structured binding,
// and statements (`[[likely]]`/`[[unlikely]]` branches and loop bodies, `[[fallthrough]];`).
struct [[nodiscard]] V2 {
  float x, y;
  [[nodiscard]] __device__ float dot(const V2& o) const { return x * o.x + y * o.y; }
};

[[nodiscard]] __device__ float sq([[maybe_unused]] int tag, float a) { return a * a; }
__device__ [[nodiscard]] inline float cube(float a) { return a * a * a; }
template <typename T>
[[nodiscard, gnu::always_inline]] __device__ T twice(T a) { return 2 * a; }
[[deprecated("use sq")]] __device__ float old_sq(float a) { return a * a; }

__global__ void k(const float* x, float* y, [[maybe_unused]] int n) {
  int i = threadIdx.x;
  [[maybe_unused]] const int j = i + 1;
  float t [[maybe_unused]] = x[i];
  float acc = 0.f;
  if (i < 2) [[likely]] {
    acc = sq(0, t);
  } else [[unlikely]] {
    acc = cube(t);
  }
  switch (i % 2) {
    case 0:
      acc *= 2.f;
      [[fallthrough]];
    case 1:
      acc += t;
      break;
  }
  for (int c = 0; c < 2; ++c) [[likely]] acc += twice<float>(t);
  [[maybe_unused]] auto [a, b] = make_float2(t, 3.f * t);
  V2 v{a, b};
  auto f = [&]([[maybe_unused]] int unused, float s) { return s * t; };
  y[i] = acc + v.dot(v) + old_sq(t) + f(0, t);
}
