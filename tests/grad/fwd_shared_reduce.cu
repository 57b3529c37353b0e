// cuad: fwd --fn block_sum_sq
// A block reduction in __shared__ memory: the tangent array is shared too and is reduced
// by the same tree, under the same __syncthreads().
#define BLOCK 64
__global__ void block_sum_sq(int n, const float* x, float* out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? x[i] * x[i] : 0.0f;
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = sqrtf(s[0] + 1.0f);
}
