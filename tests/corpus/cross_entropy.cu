// Softmax cross-entropy loss over a batch: per-row log-sum-exp, the loss of the target
// class, and a single scalar loss accumulated with one atomicAdd per block.
__device__ float log_sum_exp(const float *row, int classes) {
  float m = row[0];
  for (int c = 1; c < classes; ++c)
    m = fmaxf(m, row[c]);
  float s = 0.0f;
  for (int c = 0; c < classes; ++c)
    s += __expf(row[c] - m);
  return m + __logf(s);
}

__global__ void cross_entropy_loss(const float *logits, const int *targets, float *loss,
                                   int batch, int classes) {
  __shared__ float partial[256];
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  float l = 0.0f;
  if (b < batch) {
    const float *row = logits + b * classes;
    l = log_sum_exp(row, classes) - row[targets[b]];
  }
  partial[threadIdx.x] = l;
  __syncthreads();
  for (int s = blockDim.x >> 1; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(loss, partial[0] / batch);
}
