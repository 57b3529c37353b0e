// cuad: --fn rope_fwd --wrt out,x,pos_scale
// Rotary position embedding (RoPE, GPT-NeoX half-rotation layout): a 2-D grid with
// blockIdx.y = token and threadIdx.y = head inside the block, threadIdx.x over the rotated
// pairs (i, i + d/2); frequencies theta^(-2i/d) from powf, angle = pos * pos_scale * freq,
// sincosf for the rotation; the tail of each head past rot_dim is copied unchanged.
__global__ void rope_fwd(float* __restrict__ out, const float* __restrict__ x, float pos_scale,
                         int n_tokens, int n_heads, int head_dim, int rot_dim, float theta) {
  const int tok = blockIdx.y;
  const int head = blockIdx.x * blockDim.y + threadIdx.y;
  if (tok >= n_tokens || head >= n_heads) return;
  const int half = rot_dim / 2;
  const float* xh = x + ((size_t)tok * n_heads + head) * head_dim;
  float* oh = out + ((size_t)tok * n_heads + head) * head_dim;
  for (int i = threadIdx.x; i < half; i += blockDim.x) {
    float inv_freq = powf(theta, -2.0f * (float)i / (float)rot_dim);
    float ang = (float)tok * pos_scale * inv_freq;
    float s, c;
    sincosf(ang, &s, &c);
    float x0 = xh[i];
    float x1 = xh[i + half];
    oh[i] = x0 * c - x1 * s;
    oh[i + half] = x1 * c + x0 * s;
  }
  for (int i = rot_dim + threadIdx.x; i < head_dim; i += blockDim.x) oh[i] = xh[i];
}
