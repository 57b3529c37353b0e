// cuad: --fn batchnorm_train_fwd --wrt y,running_mean,running_var,x,gamma,beta
// Training-mode BatchNorm2d over an (N, C, HW) tensor: one block per channel, block-stride
// loops and shared-memory tree reductions for mean and biased variance, running statistics
// updated in place (unbiased variance), then the normalized output.
#define BN_THREADS 32
__global__ void batchnorm_train_fwd(float* __restrict__ y, float* running_mean, float* running_var,
                                    const float* __restrict__ x, const float* __restrict__ gamma,
                                    const float* __restrict__ beta, int N, int C, int HW, float momentum,
                                    float eps) {
  __shared__ float s_sum[BN_THREADS];
  __shared__ float s_sq[BN_THREADS];
  const int c = blockIdx.x, t = threadIdx.x;
  const int count = N * HW;
  float sum = 0.f;
  for (int i = t; i < count; i += blockDim.x) {
    const int n = i / HW, p = i % HW;
    sum += x[(n * C + c) * HW + p];
  }
  s_sum[t] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) s_sum[t] += s_sum[t + s];
    __syncthreads();
  }
  const float mean = s_sum[0] / count;
  float sq = 0.f;
  for (int i = t; i < count; i += blockDim.x) {
    const int n = i / HW, p = i % HW;
    const float d = x[(n * C + c) * HW + p] - mean;
    sq += d * d;
  }
  s_sq[t] = sq;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) s_sq[t] += s_sq[t + s];
    __syncthreads();
  }
  const float var = s_sq[0] / count;
  if (t == 0) {
    running_mean[c] = (1.f - momentum) * running_mean[c] + momentum * mean;
    running_var[c] = (1.f - momentum) * running_var[c] + momentum * var * count / (count - 1);
  }
  const float inv_std = rsqrtf(var + eps);
  const float g = gamma[c], b = beta[c];
  for (int i = t; i < count; i += blockDim.x) {
    const int n = i / HW, p = i % HW;
    const int off = (n * C + c) * HW + p;
    y[off] = (x[off] - mean) * inv_std * g + b;
  }
}
