// cuad: --fn rope_inplace --wrt q,k
// Rotary position embeddings in place, in the style of llama.cpp / vLLM rotary kernels
// (GPT-J interleaved layout): q is (tokens, n_heads, head_dim), k is (tokens, n_kv_heads,
// head_dim) with grouped-query attention (fewer kv heads). Each adjacent pair is a complex
// number (viewed as float2 through reinterpret_cast) multiplied by exp(i * pos * theta^(-2j/d)).
// One block per token; the threads stride over the pairs of all heads; the shape and the base
// travel in a struct by value; positions come from an int array (packed sequences).
struct RopeParams {
  int n_heads, n_kv_heads, head_dim;
  float theta;
};

__device__ __forceinline__ float2 cmul(float2 a, float2 b) {
  return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

__device__ __forceinline__ float2 rotor(int pos, int pair, int head_dim, float theta) {
  const float inv_freq = __powf(theta, -2.0f * pair / head_dim);
  float s, c;
  sincosf(pos * inv_freq, &s, &c);
  return make_float2(c, s);
}

__global__ void rope_inplace(float* __restrict__ q, float* __restrict__ k,
                             const int* __restrict__ positions, RopeParams p) {
  const int tok = blockIdx.x;
  const int pos = positions[tok];
  const int half = p.head_dim / 2;
  float2* q2 = reinterpret_cast<float2*>(q + (size_t)tok * p.n_heads * p.head_dim);
  float2* k2 = reinterpret_cast<float2*>(k + (size_t)tok * p.n_kv_heads * p.head_dim);
  for (int i = threadIdx.x; i < p.n_heads * half; i += blockDim.x) {
    const float2 r = rotor(pos, i % half, p.head_dim, p.theta);
    q2[i] = cmul(q2[i], r);
    if (i < p.n_kv_heads * half) k2[i] = cmul(k2[i], r);
  }
}
