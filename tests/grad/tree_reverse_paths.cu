// cuad: --fn tree_two_sums --wrt out,x
// cuad: --fn tree_warp_tail --wrt out,x
// cuad: --fn tree_stop_root --wrt out,x
// cuad: --fn tree_literal_base --wrt out,x,scale
// cuad: --fn tree_radix4 --wrt out,x
// Shared-memory tree reductions (tree_reverse.rs). Whose reverse keeps the per-level loop: two
// arrays summed by one tree with outputs that also read non-root elements, and a tree that
// stops at 64 before a serial tail over 64 elements. Whose adjoint is at the root only (the
// reverse stores the root's adjoint in every element on a path to it): a tree over a literal
// width, and a tree that stops at 32 (only elements 0, 32, 64, ... reach the root). The drivers
// also launch blocks whose width is not a power of two, where the per-level loop runs. The
// linear trees' forward sweeps are dead, leaving loops that only count their levels
// (trip_count.rs): tree_stop_root's (`s > 16`) and a radix-4 tree's (`s >>= 2`).
#define MAXB 256

__global__ void tree_two_sums(double* out, const double* x, int n) {
  __shared__ double s_sum[MAXB];
  __shared__ double s_sq[MAXB];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  double v = i < n ? x[i] : 0.0;
  s_sum[t] = v;
  s_sq[t] = v * v;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) {
      s_sum[t] += s_sum[t + s];
      s_sq[t] += s_sq[t + s];
    }
    __syncthreads();
  }
  if (t == 0) {
    out[2 * blockIdx.x] = s_sq[0] - 0.1 * s_sum[0] * s_sum[0];
    out[2 * blockIdx.x + 1] = s_sum[1] * s_sq[1] + s_sum[3];
  }
}

__global__ void tree_warp_tail(double* out, const double* x, int n) {
  __shared__ double buf[MAXB];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  buf[t] = i < n ? sin(x[i]) : 0.0;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (t < s) buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0) {
    double acc = 0.0;
    for (int k = 0; k < 64; ++k) acc += (k + 1) * buf[k];
    out[blockIdx.x] = acc;
  }
}

__global__ void tree_literal_base(double* out, const double* x, double scale, int n) {
  __shared__ double buf[64];
  int t = threadIdx.x;
  int i = blockIdx.x * 64 + t;
  if (t < 64) buf[t] = i < n ? scale * x[i] * x[i] : 0.0;
  __syncthreads();
  for (int s = 32; s > 0; s >>= 1) {
    if (t < s) buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = buf[0] * buf[0];
}

__global__ void tree_stop_root(double* out, const double* x, int n) {
  __shared__ double buf[MAXB];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  buf[t] = i < n ? 0.5 * x[i] * x[i] + x[i] : 0.0;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 16; s >>= 1) {
    if (t < s) buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = buf[0];
}

__global__ void tree_radix4(double* out, const double* x, int n) {
  __shared__ double buf[MAXB];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  buf[t] = i < n ? x[i] * x[i] : 0.0;
  __syncthreads();
  for (int s = blockDim.x / 4; s > 0; s >>= 2) {
    if (t < s) buf[t] += buf[t + s] + buf[t + 2 * s] + buf[t + 3 * s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = buf[0];
}
