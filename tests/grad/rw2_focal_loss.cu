// cuad: --fn focal_loss_fwd --wrt loss,logits,gamma
// Sigmoid focal loss (RetinaNet) with a mean reduction: grid-stride over elements, binary
// targets as floats, the numerically stable log-sigmoid, powf of (1 - p_t) to gamma, a
// warp-shuffle partial sum, then one atomicAdd per warp.
__device__ inline float log_sigmoid(float z) {
  return z >= 0.0f ? -log1pf(expf(-z)) : z - log1pf(expf(z));
}

__global__ void focal_loss_fwd(float* loss, const float* __restrict__ logits,
                               const float* __restrict__ targets, float alpha, float gamma,
                               int n) {
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const float z = logits[i];
    const float t = targets[i];
    const float p = 1.0f / (1.0f + expf(-z));
    const float ce = -(t * log_sigmoid(z) + (1.0f - t) * log_sigmoid(-z));
    const float p_t = p * t + (1.0f - p) * (1.0f - t);
    const float a_t = alpha * t + (1.0f - alpha) * (1.0f - t);
    acc += a_t * powf(1.0f - p_t, gamma) * ce;
  }
  for (int off = 16; off > 0; off >>= 1) acc += __shfl_down_sync(0xffffffff, acc, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(loss, acc / n);
}
