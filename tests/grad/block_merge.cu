// cuad: --fn early_exit --wrt out,in,a,b
// cuad: --fn tile_shift --wrt out,in,a,s
// cuad: --fn block_phase --wrt out,in,a
// cuad: --fn rows_2d --wrt out,in,a
// cuad: --fn long_body --wrt out,in,a
// Gradients with kernel-invariant (scalar) adjoints end in block reductions; short ones merge
// blocks (block_merge.rs): every K-th block runs K blocks' work. Early returns become
// `continue`, a shared tile gets a barrier per merged block, a callee that reads blockIdx
// keeps the launch as is, blockIdx.y stays, and a long body is not merged (double).

__global__ void early_exit(double* out, const double* in, double a, double b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = in[i];
  out[i] = a * x * x;
  if (x < 0.0) return;
  out[i] += b * sin(x);
}

// One block of 32 threads per tile; every thread reaches the barrier.
__global__ void tile_shift(double* out, const double* in, double a, double s) {
  __shared__ double tile[32];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  tile[t] = a * in[i];
  __syncthreads();
  out[i] = s * tile[(t + 1) % 32] * tile[t];
}

__device__ double block_weight() { return 1.0 + 0.25 * blockIdx.x; }

__global__ void block_phase(double* out, const double* in, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * block_weight() * in[i];
}

__global__ void rows_2d(double* out, const double* in, double a, int width) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y;
  if (col < width) {
    int k = row * width + col;
    out[k] = exp(a * (row + 1) * in[k]);
  }
}

__global__ void long_body(double* out, const double* in, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double x = in[i], acc = 0.0;
    acc += sin(a * x) * cos(x) + exp(-a * x * x) * log(2.0 + x * x);
    acc += tanh(a + x) * sqrt(1.0 + a * a * x * x) - atan(a * x) * sinh(0.5 * x);
    acc += cosh(0.25 * a * x) / (1.0 + exp(x)) + pow(1.5 + x * x, a) * erf(x);
    acc += sin(a * x + 1.0) * sin(a * x + 2.0) * sin(a * x + 3.0) * sin(a * x + 4.0);
    acc += cos(a - x) * cos(a - 2.0 * x) * cos(a - 3.0 * x) * exp(-x * x * a * 0.5);
    out[i] = acc * acc + a * acc;
  }
}
