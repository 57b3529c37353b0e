// cuad: --fn logreg_loss --wrt loss,w,b,X
// cuad: fwd --fn logreg_loss --wrt loss,w,b
// Logistic regression negative log-likelihood (double): a grid-stride loop over samples with a
// numerically stable softplus (max(z,0) + log1p(exp(-|z|))), per-thread partial sums reduced by
// a __shared__ tree with __syncthreads, block result added with atomicAdd into the scalar loss,
// plus an L2 penalty added once by thread 0 of block 0.
#define NF 3
#define TPB 64

__device__ __forceinline__ double softplus(double z) {
  return fmax(z, 0.0) + log1p(exp(-fabs(z)));
}

__global__ void logreg_loss(double* loss, const double* __restrict__ X,
                            const int* __restrict__ y, const double* __restrict__ w, double b,
                            double l2, int n) {
  __shared__ double partial[TPB];
  double acc = 0.0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    double z = b;
#pragma unroll
    for (int f = 0; f < NF; ++f) z += X[i * NF + f] * w[f];
    // -log p(y|x) = softplus(z) - y z
    acc += softplus(z) - (y[i] ? z : 0.0);
  }
  partial[threadIdx.x] = acc;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    double blk = partial[0] / n;
    if (blockIdx.x == 0) {
      double reg = 0.0;
      for (int f = 0; f < NF; ++f) reg += w[f] * w[f];
      blk += 0.5 * l2 * reg;
    }
    atomicAdd(loss, blk);
  }
}
