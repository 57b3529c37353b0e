// cuad: --fn layernorm_items<64,2> --wrt y,x,gamma,beta
// LayerNorm, one block per row, `template <int BLOCK, int ITEMS>`: the row is cached in a
// register array `float4 v[ITEMS]` loaded through reinterpret_cast<const float4*>, per-thread
// Welford state kept in a `struct Welford` (combine returns a struct by value), merged in a warp
// with a functor-templated shuffle helper and across warps through a __shared__ Welford array.
struct Welford {
  float mean, m2, n;
};

__device__ __forceinline__ Welford welford_add(Welford a, float x) {
  a.n += 1.f;
  const float d = x - a.mean;
  a.mean += d / a.n;
  a.m2 += d * (x - a.mean);
  return a;
}

struct WelfordOp {
  __device__ __forceinline__ Welford operator()(const Welford& a, const Welford& b) const {
    const float n = a.n + b.n;
    const float d = b.mean - a.mean;
    const float wb = b.n / n;
    Welford r;
    r.mean = a.mean + d * wb;
    r.m2 = a.m2 + b.m2 + d * d * a.n * wb;
    r.n = n;
    return r;
  }
};

template <typename Op>
__device__ __forceinline__ Welford warp_reduce(Welford w, Op op) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) {
    Welford other;
    other.mean = __shfl_xor_sync(0xffffffffu, w.mean, o);
    other.m2 = __shfl_xor_sync(0xffffffffu, w.m2, o);
    other.n = __shfl_xor_sync(0xffffffffu, w.n, o);
    w = op(w, other);
  }
  return w;
}

template <int BLOCK, int ITEMS>
__global__ void layernorm_items(float* __restrict__ y, const float* __restrict__ x,
                                const float* __restrict__ gamma, const float* __restrict__ beta,
                                int C, float eps) {
  __shared__ Welford part[BLOCK / 32];
  const float4* xr = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * C);
  float4 v[ITEMS];
  Welford st = {0.f, 0.f, 0.f};
#pragma unroll
  for (int it = 0; it < ITEMS; ++it) {
    v[it] = xr[it * BLOCK + threadIdx.x];
    st = welford_add(st, v[it].x);
    st = welford_add(st, v[it].y);
    st = welford_add(st, v[it].z);
    st = welford_add(st, v[it].w);
  }
  st = warp_reduce(st, WelfordOp());
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = st;
  __syncthreads();
  Welford tot = part[0];
  for (int i = 1; i < BLOCK / 32; ++i) tot = WelfordOp()(tot, part[i]);
  const float mean = tot.mean;
  const float rstd = rsqrtf(tot.m2 / C + eps);
  const float4* g4 = reinterpret_cast<const float4*>(gamma);
  const float4* b4 = reinterpret_cast<const float4*>(beta);
  float4* yr = reinterpret_cast<float4*>(y + (size_t)blockIdx.x * C);
#pragma unroll
  for (int it = 0; it < ITEMS; ++it) {
    const int c = it * BLOCK + threadIdx.x;
    const float4 g = g4[c], b = b4[c];
    float4 o;
    o.x = (v[it].x - mean) * rstd * g.x + b.x;
    o.y = (v[it].y - mean) * rstd * g.y + b.y;
    o.z = (v[it].z - mean) * rstd * g.z + b.z;
    o.w = (v[it].w - mean) * rstd * g.w + b.w;
    yr[c] = o;
  }
}
