// cuad: --fn unpack --wrt p,q,w,out
// cuad: fwd --fn unpack
// C++17 structured bindings: a struct returned by a device helper unpacked with `auto [..]`
// (in the kernel and inside the helper chain), a float2 and a float4 (`const auto [..]`)
// unpacked by value, a local array and a parameter array unpacked by value and by `const
// auto&`, `const auto&` of a temporary, a by-value copy written after the binding (the source
// keeps its value), `for (auto [u, v] : pts)` over a local array of structs, and a lambda
// capturing bound names by reference.
// 2: the same kernel in forward mode.
struct Polar {
  float r;
  float th;
};
struct Span2 {
  float lo, hi;
};

__device__ Polar to_polar(float x, float y) { return Polar{sqrtf(x * x + y * y), atan2f(y, x)}; }

__device__ Span2 span2(float a, float b) {
  auto [r, t] = to_polar(a, b);
  return {r * cosf(t) - b, r * t};
}

__global__ void unpack(const float2* p, const float4* q, const float* w, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  auto [px, py] = p[i];
  const auto [a, b, c, d] = q[i];
  float taps[3] = {w[3 * i], w[3 * i + 1] * px, w[3 * i + 2]};
  auto [t0, t1, t2] = taps;
  taps[0] = 1.25f;  // t0 is a copy (s0 sees the new value)
  const auto& [s0, s1, s2] = taps;
  auto [r, th] = to_polar(px + c, py * d + 2.0f);
  const auto& [lo, hi] = span2(a + 1.5f, b);
  px = px * 2.0f;  // writes the binding's copy, not p[i]
  Polar pts[2] = {{a, b}, {py, r}};
  float acc = 0.0f;
  for (auto [u, v] : pts) acc += u * v;
  auto blend = [&](float t) { return t * r + th * hi; };
  out[i] = r * t0 + th * t1 * t1 + sinf(lo) * t2 + hi * px + a * b + s0 * s1 - s2 + acc +
           p[i].x + blend(t2);
}
