// cuad: --fn normalize_project --wrt out,x,v
// Host function: a block-reduction kernel computes a dot product into device memory, the
// scalar is copied to the host, transformed there, and passed by value to a second kernel.
#define BLOCK 64
__global__ void dot_kernel(double* result, const double* a, const double* b, int n) {
  __shared__ double s[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  s[tid] = i < n ? a[i] * b[i] : 0.0;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(result, s[0]);
}

__global__ void axpy_kernel(double* out, const double* x, const double* v, double alpha, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i] - alpha * v[i];
}

void normalize_project(double* out, const double* x, const double* v, int n) {
  double *d_x, *d_v, *d_out, *d_dot;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_v, n * sizeof(double));
  cudaMalloc(&d_out, n * sizeof(double));
  cudaMalloc(&d_dot, 2 * sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, v, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_dot, 0, 2 * sizeof(double));
  int blocks = (n + BLOCK - 1) / BLOCK;
  dot_kernel<<<blocks, BLOCK>>>(d_dot, d_x, d_v, n);
  dot_kernel<<<blocks, BLOCK>>>(d_dot + 1, d_v, d_v, n);
  double h[2];
  cudaMemcpy(h, d_dot, 2 * sizeof(double), cudaMemcpyDeviceToHost);
  double alpha = h[0] / (h[1] + 1e-3);
  axpy_kernel<<<blocks, BLOCK>>>(d_out, d_x, d_v, alpha, n);
  cudaMemcpy(out, d_out, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_v);
  cudaFree(d_out);
  cudaFree(d_dot);
}
